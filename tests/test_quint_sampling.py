"""`run` on an evaluated spec draws steps as `quint run` does: uniformly among the enabled disjuncts of
an `any`, then uniformly within each `oneOf`; not uniformly among the distinct successors.

tests/specs/dice.qnt has two enabled disjuncts, of 2 and 8 successors: Quint takes each half of
the time (measured: 1,014 RollSmall in 2,000 traces of `quint run --mbt`), where a uniform pick among
the 10 successors would take RollSmall a fifth of the time.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from checker.explore.simulate import replay_sample
from quint_specs import spec

DRAWS = 4000
#: 5 standard deviations of a frequency near 1/2 over DRAWS draws: a correct sampler fails ~1 run in 3 million
TOLERANCE = 5 * (0.25 / DRAWS) ** 0.5


def first_steps(seed: int = 1) -> Counter:
    model = spec("dice")
    start = model.init_states()[0]
    rng = Random(seed)
    return Counter(model.random_step(start, rng)[1] for _ in range(DRAWS))


def test_each_enabled_disjunct_half_of_the_time():
    drawn = first_steps()
    small = sum(n for (die, _), n in drawn.items() if die == "small") / DRAWS
    assert abs(small - 0.5) < TOLERANCE  # uniform over the 10 successors would give 0.2


def test_uniform_within_each_disjunct():
    drawn = first_steps(seed=2)
    assert set(drawn) == {("small", k) for k in (1, 2)} | {("big", k) for k in range(1, 9)}
    for (die, _), n in drawn.items():
        expected = 1 / 4 if die == "small" else 1 / 16
        assert abs(n / DRAWS - expected) < TOLERANCE


def test_run_uses_the_spec_sampler():
    """`ttt-check run`'s samples go through the same draws: about half of them roll the small die."""
    model = spec("dice")
    samples = [replay_sample(model, [], max_steps=1, seed=seed) for seed in range(400)]
    labels = Counter(sample.trace.labels[1].path[0] for sample in samples)
    assert set(labels) == {"RollSmall", "RollBig"}
    assert abs(labels["RollSmall"] / 400 - 0.5) < 5 * (0.25 / 400) ** 0.5
