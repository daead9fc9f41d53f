"""A headless Chromium driven by Selenium, with the system's chromium and chromedriver.

Nothing is downloaded: Selenium is given both programs' paths, found on PATH
(Debian's packages `chromium` and `chromium-driver` put them in /usr/bin), so
its driver manager never runs. Set CHROMIUM and CHROMEDRIVER to use others.
"""

import os
import shutil
import tempfile
from contextlib import contextmanager

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or "chromedriver"

#: headless, no sandbox (CI runs as root), and no traffic of Chromium's own
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
]


def missing() -> str | None:
    """Why no browser can be driven here, or None when one can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[browser]')"
    for program in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.isfile(program) and os.access(program, os.X_OK)):
            return f"needs Chromium: {program} is not found (apt-get install chromium chromium-driver)"
    return None


@contextmanager
def chromium():
    """A fresh headless Chromium (its own profile folder), closed afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
