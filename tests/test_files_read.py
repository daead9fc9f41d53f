"""`checker.files.read_bounded`: the one reader of every file ttt-check reads."""

import os

import pytest

from checker.files import ReadError, read_bounded


def test_a_regular_file_within_its_limit_is_read_whole(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_bounded(str(path), 100) == b"x" * 100


def test_a_file_over_its_limit_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 101)
    with pytest.raises(ReadError, match="larger than 100 bytes"):
        read_bounded(str(path), 100)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.mkdir(), "a folder"),
        (lambda p: os.mkfifo(p), "not a regular file"),  # no writer: opening it would block forever
        (lambda p: None, "No such file"),
        (lambda p: os.symlink("/dev/zero", p), "not a regular file"),
    ],
    ids=["folder", "fifo", "missing", "dev-zero"],
)
def test_what_is_not_a_regular_file_is_refused_in_one_line(tmp_path, make, message):
    path = tmp_path / "x.qnt"
    make(path)
    with pytest.raises(ReadError, match=message) as refused:
        read_bounded(str(path), 1 << 20)
    assert "\n" not in str(refused.value)


def test_a_generous_limit_costs_no_memory_of_its_own(tmp_path):
    """A small file read with a limit of 1 GiB under `ulimit -v` of 64 MiB more than the reader needs:
    the limit bounds what is read, it is not set aside."""
    import resource
    import subprocess
    import sys

    path = tmp_path / "small.json"
    path.write_bytes(b"{}")
    probe = (
        "import resource, sys\n"
        "from checker.files import read_bounded\n"
        "size = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize() + (64 << 20)\n"
        "resource.setrlimit(resource.RLIMIT_AS, (size, size))\n"
        f"print(read_bounded({str(path)!r}, 1 << 30))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "b'{}'\n", done.stderr
