"""ttt-check's TLA+ front end against TLC, construct by construct, on small specs of the tests.

tests/specs/tla/manifest.json records what TLC 2.15 answers on each: the values it prints for the
definitions of expressions.tla (one per construct of the language and its standard modules), and,
for each spec and cfg, its verdict, counts, depth, counterexample length and, for an error, its
place. Where Java is found, TLC is run now and must answer what the manifest says; ttt-check must
answer the same, with or without Java. Every trace ttt-check prints is replayed: through TLC's own
state graph (`-dump dot`) where Java is found, and by `ttt-check replay` always.

`python tests/test_tla_tlc.py [CFG...]` writes the manifest again from TLC's answers, on the cfgs it lists and
those named (it needs Java).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import tlc

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "tests" / "specs" / "tla"
MANIFEST_PATH = SPECS / "manifest.json"
MANIFEST = json.loads(MANIFEST_PATH.read_text())
EXPRESSIONS = SPECS / "expressions.tla"


# ---- the constructs' values ---------------------------------------------------------------------------


def printed_values(output: str) -> dict[str, str]:
    """Name -> the text of the value of each `ASSUME PrintT(<<"Name", Name>>)` TLC printed."""
    found = {}
    for text in tlc.printed(output):
        name, _ = tlc.parse_value(text)
        one_line = re.sub(r'("(?:[^"\\]|\\.)*")|\s+', lambda m: m.group(1) or " ", text)
        found[name] = re.sub(r'^<< ?"\w+", |>>$', "", one_line).strip()
    return found


def test_tlc_prints_the_recorded_value_of_each_construct():
    report = tlc.checked(EXPRESSIONS)
    assert report.verdict.kind == "holds", report.output
    printed = printed_values(report.output)
    recorded = MANIFEST["expressions"]
    assert list(printed) == list(recorded)
    for name, text in recorded.items():
        assert tlc.strict(tlc.parse_value(printed[name])) == tlc.strict(tlc.parse_value(text)), name


@pytest.fixture(scope="module")
def expressions_model():
    from checker.tla.spec_model import load

    return load(str(EXPRESSIONS))


#: where ttt-check is known to answer otherwise than TLC: each a test expected to fail, until it is fixed
KNOWN = {
    "string_order.cfg": "TLC orders strings as it first read them; ttt-check refuses a CHOOSE that this order "
                        "decides where TLC's choices give different answers (test_a_choose_that_tlcs_order_of_"
                        "strings_decides_is_answered_only_where_every_choice_agrees)",
}  # fmt: skip


def test_a_choose_that_tlcs_order_of_strings_decides_is_answered_only_where_every_choice_agrees(tmp_path, ttt_check):
    """Where two strings, or values that differ in their strings, both satisfy a CHOOSE, TLC takes the one
    whose string it read first, an order ttt-check does not know. It checks the spec under each choice TLC
    could make: where all give the same figures and verdicts, that is TLC's answer, said with a note; where
    they differ, it refuses instead of taking one."""
    spec = tmp_path / "choice.tla"
    spec.write_text("---- MODULE choice ----\nVARIABLE x\n"
                    "Init == x = CHOOSE r \\in {[a |-> 2, b |-> \"s\"], [a |-> 1, b |-> \"s\"]} : TRUE\n"
                    "Next == x' = CHOOSE n \\in {<<2, \"b\">>, <<1, \"a\">>, <<1, \"c\">>} : n[1] = 1\n"
                    "Chosen == x \\in {[a |-> 1, b |-> \"s\"], <<2, \"b\">>}\nNotC == x /= <<1, \"c\">>\n====\n")
    cfg = tmp_path / "choice.cfg"
    cfg.write_text("INIT Init\nNEXT Next\nINVARIANT Chosen\n")
    # <<1, "a">> or <<1, "c">>: either breaks Chosen after one step, as TLC finds
    code, out, err = ttt_check("--spec", spec)
    assert code == 12 and "[violation] invariant Chosen is violated after 1 steps" in out, out + err
    assert err == (f"ttt-check: note: {spec}:4:14: TLC's order of strings, which ttt-check does not follow, decides "
                   "a CHOOSE here: each of the 2 combinations of choices TLC could make gives these same figures and "
                   "verdicts; the report shows the first choices in alphabetical order\n")
    # NotC holds if TLC takes <<1, "a">>, fails if <<1, "c">>: not known here
    cfg.write_text("INIT Init\nNEXT Next\nINVARIANT NotC\n")
    code, out, err = ttt_check("--spec", spec)
    assert (code, out) == (3, "")
    assert err == (f"ttt-check: error: {spec}:4:14: CHOOSE between elements that differ in their strings: TLC orders "
                   "strings as it first read them, which ttt-check does not follow, so which one TLC takes is not "
                   "known here, and the choices it could make give different answers\n")
    # where one of the choices stops on an error of the spec, and another does not: no error, no verdict
    spec.write_text(spec.read_text().replace(
        "NotC == ", "NotC == x = [a |-> 1, b |-> \"s\"] \\/ x[2] /= \"c\" \\/ <<1>>[2] = 0\nOld == "))
    code, out, err = ttt_check("--spec", spec)
    assert (code, out) == (3, "")
    assert "and one of the choices it could make stops the check with an error" in err, err
    # a simulation, which tries no other choice, refuses it where it is met
    code, out, err = ttt_check("run", "--spec", spec, "--max-samples", "1")
    assert code == 3 and err.endswith("so which one TLC takes is not known here\n"), out + err
    # the records differ in a number alone, and one tuple only starts with 2: TLC's choices are known, and taken
    spec.write_text(spec.read_text().replace("n[1] = 1", "n[1] = 2"))
    code, out, err = ttt_check("--spec", spec)
    assert (code, err) == (0, ""), out
    assert "2 distinct states" in out


def test_a_lasso_that_no_real_states_make_is_not_printed_as_a_behaviour(ttt_check, monkeypatch):
    """Under a VIEW that merges states whose steps differ, the cycle the search finds among the states it kept
    is no cycle of real states. TLC prints it all the same ("Back to state 1" by a step that does not exist);
    ttt-check says that it cannot write it as a behaviour, rather than print one that is not."""
    monkeypatch.chdir(ROOT)
    code, out, err = ttt_check("--spec", "tests/specs/tla/view_cycle.tla")
    assert (code, out) == (3, "")
    assert err.splitlines()[-1] == (
        "ttt-check: error: the property is violated, but its counterexample cannot be written as a behaviour: the "
        "states the search kept for one (the cfg's VIEW or SYMMETRY) have steps that its other states lack, so the "
        "cycle found among them is not one of real states (TLC may fail to print it too)")


def test_the_search_stops_at_the_first_violation_as_tlc_does(ttt_check, monkeypatch):
    """TLC stops at the first violated invariant and says nothing of the others (the manifest records which
    one it names); ttt-check says they are unknown, and decides each with --continue."""
    monkeypatch.chdir(ROOT)
    spec = "tests/specs/tla/two_invariants.tla"
    code, out, err = ttt_check("--spec", spec)
    assert (code, err) == (12, "")
    assert re.findall(r"^\[\w+\] invariant .*$", out, re.MULTILINE) == [
        "[unknown] invariant BelowFive: not checked past the violation (--continue checks it)",
        "[unknown] invariant NotNegative: not checked past the violation (--continue checks it)",
        "[violation] invariant BelowThree is violated after 3 steps"]
    code, out, err = ttt_check("--spec", spec, "--continue")
    assert (code, err) == (12, "")
    assert re.findall(r"^\[\w+\] invariant .*$", out, re.MULTILINE) == [
        "[violation] invariant BelowFive is violated after 5 steps",
        "[ok] invariant NotNegative holds in all 7 reachable states",
        "[violation] invariant BelowThree is violated after 3 steps"]


def test_a_value_for_a_definition_its_module_lacks_is_refused(tmp_path, ttt_check):
    """`Op = [M] value` or `Op <- [M] Other` where M defines no Op: TLC ignores the line and checks the spec without it, which is not
    the model the cfg asks for; ttt-check says so instead."""
    for name in ("scoped.tla", "scoped_lib.tla"):
        (tmp_path / name).write_text((SPECS / name).read_text())
    for line, words in (("Twice = [scoped_lib] 6", "gives a value to Twice"), ("Twice <- [scoped_lib] Limit",
                                                                                "replaces Twice")):
        (tmp_path / "scoped.cfg").write_text((SPECS / "scoped.cfg").read_text().replace("Limit = [scoped_lib] 6", line))
        code, out, err = ttt_check("--spec", tmp_path / "scoped.tla")
        assert (code, out) == (3, "")
        assert err == f"ttt-check: error: the cfg {words} of module scoped_lib, which the spec does not define there\n"


def known(entries, name=lambda e: Path(e["config"]).name) -> list:
    """`entries` as parameters, those of KNOWN expected to fail (strictly: a fix is noticed)."""
    return [pytest.param(e, marks=pytest.mark.xfail(reason=KNOWN[name(e)], strict=True)) if name(e) in KNOWN else e
            for e in entries]  # fmt: skip


@pytest.mark.parametrize("name", known(MANIFEST["expressions"], name=str))
def test_ttt_check_evaluates_each_construct_as_tlc_does(name, expressions_model):
    shown = expressions_model.evaluate(None, name)
    assert tlc.strict(tlc.parse_value(shown)) == tlc.strict(tlc.parse_value(MANIFEST["expressions"][name]))


# ---- specs and cfgs --------------------------------------------------------------------------------

MODELS = MANIFEST["models"]
#: ttt-check's exit code for each of TLC's: TLC's assumption failure (10), error (75), error while it evaluates an
#: invariant (76), error while it checks the temporal properties (255) and SANY's refusal (150) are ttt-check's
#: "the spec cannot be read or evaluated" (3)
EXIT = {0: 0, 10: 3, 11: 11, 12: 12, 13: 13, 75: 3, 76: 3, 150: 3, 255: 3}
_PLACE = re.compile(r"\bline (\d+), col (\d+) to line \d+, col \d+ of module \w+")
_NESTED = re.compile(r"^\d+\. Line (\d+), column (\d+) to line \d+, column \d+ in \w+$", re.MULTILINE)


def model_configs() -> list[Path]:
    """The cfgs the manifest records TLC's answers for."""
    return [ROOT / entry["config"] for entry in MODELS]


def spec_of(config: Path) -> Path:
    """`name.tla` for `name.cfg` and `name-variant.cfg`."""
    return config.with_name(config.stem.split("-")[0] + ".tla")


def error_place(report: tlc.Report) -> list[int] | None:
    """Where TLC says its error is: the place its message names, else the innermost of the nested
    expressions it was evaluating; None when it names neither (or found no error)."""
    if report.verdict.kind != "error":
        return None
    if found := _PLACE.search(report.verdict.message):
        return [int(found.group(1)), int(found.group(2))]
    nested = _NESTED.findall(report.output)
    return [int(n) for n in nested[-1]] if nested else None


def entry_of(config: Path, report: tlc.Report) -> dict:
    """The manifest's entry for TLC's report on `config`."""
    return {
        "spec": str(spec_of(config).relative_to(ROOT)), "config": str(config.relative_to(ROOT)),
        "exitCode": report.exit_code, "result": report.verdict.result,
        "violated": report.verdict.name if report.verdict.kind in ("invariant", "action property") else None,
        "distinctStates": report.distinct, "totalStates": report.generated, "stateDepth": report.depth,
        "complete": report.left == 0 and report.verdict.kind in ("holds", "temporal"),
        "counterexampleStates": len(report.trace) or None, "counterexampleEnd": report.loop,
        "errorAt": error_place(report),
    }  # fmt: skip


def test_every_cfg_of_a_spec_in_the_manifest_is_there_too():
    for spec in {ROOT / entry["spec"] for entry in MODELS}:
        cfgs = {c for c in SPECS.glob(f"{spec.stem}*.cfg") if spec_of(c) == spec}
        assert cfgs <= set(model_configs()), spec.name


@pytest.mark.parametrize("entry", MODELS, ids=lambda e: Path(e["config"]).name)
def test_tlc_gives_the_recorded_answer(entry):
    config = ROOT / entry["config"]
    assert entry_of(config, tlc.checked(ROOT / entry["spec"], config)) == entry


@pytest.fixture
def check(ttt_check, monkeypatch, tmp_path):
    """`ttt-check --spec SPEC --config CFG --out-itf trace` from the project's folder: (exit code, what it
    printed, the trace written or None)."""
    monkeypatch.chdir(ROOT)

    def run(entry):
        trace = tmp_path / "trace.itf.json"
        code, out, err = ttt_check("--spec", entry["spec"], "--config", entry["config"], "--out-itf", trace)
        return code, out + err, trace if trace.exists() else violation_trace(entry, tmp_path)

    return run


def violation_trace(entry: dict, folder: Path) -> Path | None:
    """Of the traces ttt-check wrote for several violations (`trace_NAME.itf.json`), the one of the violation
    TLC stops at."""
    properties = tlc.sections((ROOT / entry["config"]).read_text()).get("PROPERTY", [])
    name = entry["violated"] or ("deadlock" if entry["result"] == "deadlock failure" else properties[0] if properties
                                 else None)  # fmt: skip
    found = folder / f"trace_{name}.itf.json"
    return found if name and found.exists() else None


def figures(printed: str) -> dict:
    """The distinct states, the depth in steps, and the counterexample's steps ttt-check printed."""
    found = {}
    if counted := re.search(r"^([\d,]+) distinct states.*, depth (-?\d+);", printed, re.MULTILINE):
        found["distinct"], found["depth"] = int(counted.group(1).replace(",", "")), int(counted.group(2))
    if steps := re.search(r"after (\d+) steps?|(\d+) steps? from an initial state|a shortest trace, (\d+) steps?", printed):
        found["steps"] = int(next(g for g in steps.groups() if g is not None))
    return found


@pytest.mark.parametrize("entry", known(MODELS), ids=lambda e: Path(e["config"]).name)
def test_ttt_check_gives_tlcs_answer(entry, check):
    code, printed, _ = check(entry)
    assert code == EXIT[entry["exitCode"]], printed
    if entry["violated"]:
        assert re.search(rf"\b{entry['violated']}\b.* is violated", printed), printed
    found = figures(printed)
    if entry["complete"]:  # TLC saw every state: so must ttt-check (TLC counts its depth in states)
        assert found["distinct"] == entry["distinctStates"], printed
        if entry["stateDepth"] is not None:
            assert found["depth"] == entry["stateDepth"] - 1, printed
    if entry["result"] in ("safety failure", "deadlock failure"):  # TLC's is a shortest counterexample
        assert found["steps"] == entry["counterexampleStates"] - 1, printed
    if entry["result"] == "liveness failure":
        assert re.search(r"Back to state \d+|Stuttering", printed), printed
    if entry["errorAt"]:
        line, column = entry["errorAt"]
        assert f"{Path(entry['spec']).name}:{line}:{column}: " in printed, printed


def from_itf(value):
    """An ITF value as tests/tlc.py holds TLA+ values (a model value is the variant ttt-check writes for it)."""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, list):
        return tuple(from_itf(v) for v in value)
    if "#bigint" in value:
        return int(value["#bigint"])
    if "#set" in value:
        return frozenset(from_itf(v) for v in value["#set"])
    if "#tup" in value:
        return tuple(from_itf(v) for v in value["#tup"])
    if "#map" in value:
        return tlc.function((from_itf(k), from_itf(v)) for k, v in value["#map"])
    if set(value) == {"tag", "value"}:
        return tlc.ModelValue(value["tag"])
    return tlc.function((k, from_itf(v)) for k, v in value.items())


def itf_states(trace: Path) -> tuple[list[dict], int | None]:
    """The states of an ITF trace (its `mbt::` fields aside) and the state its loop goes back to."""
    document = json.loads(trace.read_text())
    states = [{k: from_itf(v) for k, v in state.items() if k != "#meta" and not k.startswith("mbt::")}
              for state in document["states"]]  # fmt: skip
    return states, document.get("loop")


#: the cfgs whose states TLC's graph holds only their representatives (SYMMETRY, VIEW)
REDUCED = re.compile(r"^\s*(SYMMETRY|VIEW)\b", re.MULTILINE)


@pytest.mark.parametrize("entry", known([e for e in MODELS if EXIT[e["exitCode"]] in (11, 12, 13)]),
                         ids=lambda e: Path(e["config"]).name)  # fmt: skip
def test_ttt_checks_counterexample_is_a_behaviour_of_the_spec(entry, check, ttt_check):
    """Replayed by ttt-check itself, and step by step through TLC's own state graph (where Java is found
    and the cfg does not reduce the states to representatives)."""
    _, printed, trace = check(entry)
    assert trace is not None, printed
    code, out, err = ttt_check("replay", "--spec", entry["spec"], "--config", entry["config"], trace)
    assert code == 0 and "[ok] The trace is a behaviour" in out, out + err
    if REDUCED.search((ROOT / entry["config"]).read_text()):
        return
    states, loop = itf_states(trace)
    graph = tlc.graph(ROOT / entry["spec"], ROOT / entry["config"], len(states))
    found = [graph.find(state) for state in states]
    assert None not in found, f"state {found.index(None)} is no state TLC reaches"
    assert found[0] in graph.initial
    for i, (before, after) in enumerate(zip(found, found[1:]), 1):
        assert after in graph.steps.get(before, ()), f"no step of TLC's from state {i - 1} to state {i}"
    if loop is not None and loop != len(found) - 1:
        assert found[loop] in graph.steps.get(found[-1], ()), "no step of TLC's back to the loop's start"


def record(added: list[str]) -> None:
    """Write the manifest again from TLC's answers, on its cfgs and those `added`."""
    report = tlc.run(EXPRESSIONS)
    configs = model_configs() + [Path(c).resolve() for c in added]
    models = [entry_of(config, tlc.run(spec_of(config), config)) for config in sorted(set(configs))]
    manifest = {**MANIFEST, "expressions": printed_values(report.output), "models": models}
    MANIFEST_PATH.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(record(sys.argv[1:]))
