"""Measure `ttt-check --spec` on a folder of Quint specs (such as Quint's own `examples/`), against Quint.

    python benchmarks/quint_examples.py FOLDER [--max-states N] [--traces N] [--only TEXT]

For each `.qnt` file under FOLDER that defines a state machine, used as a
Quint user would: the main module is the one `quint` picks (the file's only
module, or the one named as the file), else the last one that works; the
actions `init`/`step`, else `Init`/`Next` or `Init`/`Step`: `quint run
--main M --init I --step S` must run a sample, of at least one variable.
Prints one row per spec:

  loads     `ttt-check --list` reads the spec (compiled by Quint, evaluated)
  check     `ttt-check --max-states N --no-deadlock`: `all` (exhaustive), `bound`
            (stopped cleanly at the bound, with partial figures), `viol` (the
            spec's `inv` violated), or `ERR` (exit 3, 70: the first error line)
  verdicts  per invariant ttt-check lists, `quint run --invariant` (the
            simulator): agreed/found, where found counts the violations Quint
            finds (not its runtime errors), agreed those ttt-check's check
            reports too (its `run`, where the check is refused or stops at the
            bound); a DISAGREE when ttt-check says one holds exhaustively
  plain/mbt how many of the traces `quint run --out-itf` writes (without and
            with --mbt) `ttt-check replay` accepts

then the errors met, one line each. Quint comes from $QUINT, .quint/ or PATH.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from checker.quint.frontend import FrontEndError, find_quint  # noqa: E402
import installed  # noqa: E402

#: the names `quint` and the examples give their initializer and step, tried in this order
ACTIONS = [("init", "step"), ("Init", "Next"), ("Init", "Step")]
#: the most invariants compared per spec (each costs a `quint run`)
MAX_INVARIANTS = 8
#: how long one command may take, in seconds
TIMEOUT = 300


@dataclass
class Row:
    spec: str
    options: list[str] = field(default_factory=list)
    loads: str = ""
    check: str = ""
    verdicts: str = ""
    plain: str = ""
    mbt: str = ""
    errors: list[str] = field(default_factory=list)


def ttt_check(*args: str) -> list[str]:
    return installed.ttt_check(*args)


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, "", f"timed out after {TIMEOUT} s")


def first_error(done: subprocess.CompletedProcess) -> str:
    lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    wanted = [line for line in lines if "error" in line.lower() or "Error" in line]
    return (wanted or lines or [f"exit {done.returncode}"])[0].strip()[:200]


def modules(spec: Path) -> list[str]:
    """The modules `spec` declares, in order."""
    return re.findall(r"^\s*module\s+(\w+)", spec.read_text(), re.MULTILINE)


def instances(spec: Path, main: str) -> list[str]:
    """The names of the instances module `main` of `spec` declares (`import M(...) as NAME`), in order: a module of
    instances only (Quint's TendermintModels) runs one of them, `--init NAME::Init --step NAME::Next`."""
    text = spec.read_text()
    start = re.search(rf"^\s*module\s+{re.escape(main)}\b", text, re.MULTILINE)
    following = re.search(r"^\s*module\s+\w+", text[start.end():], re.MULTILINE) if start else None
    body = text[start.end(): start.end() + following.start()] if following else text[start.end():] if start else ""
    found = []
    for start in re.finditer(r"import\s+\w+\s*\(", body):
        depth, i = 1, start.end()
        while depth and i < len(body):  # to the parenthesis that closes the instance's arguments
            depth += {"(": 1, ")": -1}.get(body[i], 0)
            i += 1
        named = re.match(r"\s*as\s+(\w+)", body[i:])
        if named:
            found.append(named.group(1))
    return found


def state_machine(quint: Path, spec: Path) -> list[str] | None:
    """`--main M --init I --step S` as a Quint user would give them, or None when the file defines no state
    machine that `quint run` runs. The actions are `init`/`step`, else `Init`/`Next` or `Init`/`Step`, else those of
    one of the main module's instances."""
    names = modules(spec)
    default = names[0] if len(names) == 1 else spec.stem
    mains = ([default] if default in names else []) + [m for m in reversed(names) if m != default]
    for main in mains:
        for init, step in ACTIONS + [(f"{name}::{i}", f"{name}::{s}") for name in instances(spec, main) for i, s in ACTIONS]:
            options = ["--main", main, "--init", init, "--step", step]
            with tempfile.TemporaryDirectory() as folder:
                trace = Path(folder) / "t.itf.json"
                sample = ["--max-samples", "1", "--max-steps", "1", "--out-itf", str(trace)]
                simulated = run([str(quint), "run", "--backend=typescript", spec.name, *options, *sample], spec.parent)
                if simulated.returncode == 0 and trace.is_file() and json.loads(trace.read_text())["vars"]:
                    return options
    return None


def measure(quint: Path, spec: Path, options: list[str], args) -> Row:
    row = Row(str(spec.relative_to(args.folder)), options)
    given = ["--spec", spec.name, "--quint", str(quint), *options]
    listed = run(ttt_check(*given, "--list"), spec.parent)
    if listed.returncode != 0:
        row.loads, row.errors = "no", [f"load: {first_error(listed)}"]
        return row
    row.loads = "yes"
    invariants = listed_invariants(listed.stdout)
    bound = ["--max-states", str(args.max_states), "--no-deadlock"]
    checked = run(ttt_check(*given, *bound), spec.parent)
    row.check = {0: "all", 4: "bound", 12: "viol"}.get(checked.returncode, f"ERR{checked.returncode}")
    if row.check.startswith("ERR"):
        row.errors.append(f"check: {first_error(checked)}")
    row.verdicts = verdicts(quint, spec, options, given, bound, invariants[:MAX_INVARIANTS], row)
    with tempfile.TemporaryDirectory() as folder:
        for mode, flags in (("plain", []), ("mbt", ["--mbt"])):
            traces = Path(folder) / mode
            traces.mkdir()
            simulated = run(
                [str(quint), "run", "--backend=typescript", spec.name, *options, *flags, "--out-itf",
                 str(traces / "t{seq}.itf.json"), "--n-traces", str(args.traces), "--max-samples", str(args.traces),
                 "--max-steps", "15", "--seed", "1"],
                spec.parent,
            )  # fmt: skip
            files = sorted(traces.glob("*.itf.json"))
            if not files:
                setattr(row, mode, "quint-")
                row.errors.append(f"quint run {mode}: {first_error(simulated)}")
                continue
            replayed = run(ttt_check("replay", *given, "--quiet", *map(str, files)), spec.parent)
            accepted = re.search(r"([\d,]+) traces (?:are|is) behaviours", replayed.stdout)
            count = int(accepted.group(1).replace(",", "")) if accepted else 0
            setattr(row, mode, f"{count}/{len(files)}")
            if count < len(files):
                row.errors.append(f"replay {mode}: {first_error(replayed)}")
    return row


def listed_invariants(listing: str) -> list[str]:
    """The invariants `ttt-check --list` lists (under `invariants`, or a .qnt file's `boolean definitions`,
    before the next heading)."""
    found, inside = [], False
    for line in listing.splitlines():
        if line.startswith("  ") and not line.startswith("    "):
            inside = line.strip().startswith(("invariants", "boolean definitions"))
        elif inside and line.startswith("    "):
            found.append(line.split()[0])
    return found


def verdicts(quint: Path, spec: Path, options: list[str], given, bound, invariants: list[str], row: Row) -> str:
    """`agreed/found`: of the invariants Quint's simulator finds violated (`[violation]`, not a runtime
    error), how many ttt-check reports violated: its check, or its `run` where the check is refused."""
    found = agreed = 0
    for name in invariants:
        simulated = run(
            [str(quint), "run", "--backend=typescript", spec.name, *options, "--invariant", name,
             "--max-samples", "300", "--max-steps", "20", "--seed", "1"],
            spec.parent,
        )  # fmt: skip
        violated = simulated.returncode == 1 and "[violation]" in simulated.stdout
        if not violated and simulated.returncode != 0:
            row.errors.append(f"quint run --invariant {name}: {first_error(simulated)}")
            continue
        checked = run(ttt_check(*given, *bound, "-i", name), spec.parent)
        if checked.returncode in (3, 4) and violated:  # refused, or stopped at the bound: simulate, as Quint does
            why = "refused" if checked.returncode == 3 else "stopped at the bound"
            checked = run(ttt_check("run", *given, "-i", name, "--max-samples", "300", "--seed", "1"), spec.parent)
            row.errors.append(f"-i {name}: the check is {why}; ttt-check run exits {checked.returncode}")
        if checked.returncode not in (0, 4, 12):
            row.errors.append(f"-i {name}: {first_error(checked)}")
        if violated:
            found += 1
            agreed += checked.returncode == 12
            if checked.returncode == 0:
                row.errors.append(f"DISAGREE -i {name}: Quint finds a violation, ttt-check says it holds")
    return f"{agreed}/{found}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--max-states", type=int, default=20_000)
    parser.add_argument("--traces", type=int, default=10)
    parser.add_argument("--only", default="", help="only the specs whose path contains this text")
    parser.add_argument("--ttt-check", type=Path, help="the ttt-check to measure (default: the one installed beside this Python)")
    args = parser.parse_args()
    if args.ttt_check:
        installed.TTT_CHECK = args.ttt_check
    args.folder = args.folder.resolve()
    try:
        quint = find_quint(None, args.folder)
    except FrontEndError as error:
        sys.exit(str(error))
    rows, skipped = [], []
    for spec in sorted(args.folder.rglob("*.qnt")):
        if args.only not in str(spec):
            continue
        options = state_machine(quint, spec)
        if options is None:
            skipped.append(str(spec.relative_to(args.folder)))
            continue
        rows.append(measure(quint, spec, options, args))
        print(format_row(rows[-1]), flush=True)
    print(f"\n{len(rows)} state machines; no state machine (or not accepted by Quint): {len(skipped)}")
    loads = sum(row.loads == "yes" for row in rows)
    finished = sum(row.check in ("all", "bound", "viol") for row in rows)
    print(f"loads: {loads}/{len(rows)}; checks (all, bound or viol): {finished}/{len(rows)}")
    print("\nErrors:")
    for row in rows:
        for error in row.errors:
            print(f"  {row.spec}: {error}")


def format_row(row: Row) -> str:
    flags = " ".join(row.options)
    return f"{row.spec:55} {flags:45} {row.loads:4} {row.check:6} {row.verdicts:6} {row.plain:7} {row.mbt:7}"


if __name__ == "__main__":
    main()
