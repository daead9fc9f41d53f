"""The temporal formulas of TLA+ that ttt-check decides beside `<>P` and `[]P` (tests/specs/tla/shapes.tla):
`c => F`, `IF c THEN F ELSE G`, `[]c => F`, `[](P => <>Q)` and `[](P => []P)`, each given the verdict TLC
gives. The verdicts below were TLC 2.15's when this was written; where Java is found, TLC is run again and
must still give them (so the table is TLC's, never ttt-check's own)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tlc

SPEC = Path(__file__).resolve().parent / "specs" / "tla" / "shapes.tla"
#: property -> whether TLC finds that it holds, under the spec's WF_x(Up)
TLC_HOLDS = {
    "FromZeroReachesTwo": True,
    "FromOneReachesZero": False,
    "EitherWay": False,
    "BoundedReachesThree": True,
    "NeverResetReachesThree": True,
    "ThreeLeadsToZero": False,
    "OneLeadsToThree": True,
    "StaysAboveZero": False,
    "StaysBelowFour": True,
}


@pytest.fixture(scope="module")
def configs(tmp_path_factory) -> dict[str, Path]:
    """A cfg per property, beside a copy of the spec."""
    folder = tmp_path_factory.mktemp("shapes")
    spec = folder / SPEC.name
    spec.write_text(SPEC.read_text())
    made = {}
    for name in TLC_HOLDS:
        made[name] = folder / f"shapes-{name}.cfg"
        made[name].write_text(f"SPECIFICATION Spec\nPROPERTY {name}\n")
    return made


@pytest.mark.parametrize("name", TLC_HOLDS)
def test_each_shape_gets_tlcs_verdict(name, configs, ttt_check):
    config = configs[name]
    code, out, err = ttt_check("--spec", config.parent / SPEC.name, "--config", config)
    assert code == (0 if TLC_HOLDS[name] else 13), out + err
    if tlc.java() is not None and tlc.jar() is not None:
        report = tlc.run(config.parent / SPEC.name, config, timeout=120)
        assert (report.verdict.kind == "holds") == TLC_HOLDS[name], report.output
