"""Random simulation, as `quint run` does it.

Each sample starts in a random initial state and takes up to `max_steps`
random steps, each picked uniformly among the enabled labelled steps (or as
the model's `random_step` draws it: a spec evaluated from Quint draws as
`quint run` does); a state without successors ends the sample early. The invariants are checked in every
state, the initial one included, and the first violation stops the run.

Sample k runs on its own seed: the first is the run's seed and each next one
is drawn from the sample before. Passing a violating sample's seed as the
run's seed therefore replays that sample first: that is the seed reported.

The successors and invariant verdicts of each state are remembered (up to
`CACHE_LIMIT` states), so a state met again costs a dictionary lookup: this is
what makes simulation fast on the small state spaces of teaching examples.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from checker.explore.trace import Trace
from checker.model import Invariant, Model, Unlisted

#: At most this many states keep their successors and verdicts in memory.
CACHE_LIMIT = 1_000_000


@dataclass
class Sample:
    """One simulated behaviour."""

    seed: int
    trace: Trace
    #: names of the invariants the last state violates (empty when none is)
    violated: tuple[str, ...]
    #: True when the last state has no successor and the sample stopped before max_steps
    ended_early: bool


@dataclass
class SimulationResult:
    """What a simulation saw."""

    samples: int = 0
    #: trace lengths in states (max_steps + 1 for a full sample), as Quint counts them
    min_length: int = 0
    max_length: int = 0
    total_length: int = 0
    ended_early: int = 0
    #: distinct states met
    distinct: int = 0
    seconds: float = 0.0
    #: the sample that violated an invariant, if any
    violation: Sample | None = None
    #: the seed of the longest sample (the first one, among equals)
    longest_seed: int | None = None

    @property
    def average_length(self) -> float:
        return self.total_length / self.samples if self.samples else 0.0

    @property
    def rate(self) -> float:
        """Samples per second."""
        return self.samples / self.seconds if self.seconds else 0.0


class Simulator:
    """Runs samples of one model, remembering successors and verdicts per state."""

    def __init__(self, model: Model, invariants: Sequence[Invariant], max_steps: int):
        self.model = model
        self.invariants = list(invariants)
        self.max_steps = max_steps
        #: the initial states, drawn from uniformly; None when they are too many to list (see `Model.random_init`)
        self.initial: tuple | None = None
        try:
            self.initial = tuple(model.init_states())
        except Unlisted:
            if model.random_init is None:
                raise
        self.successors: dict[Hashable, tuple] = {}
        self.verdicts: dict[Hashable, tuple[str, ...]] = {}

    def steps(self, state: Hashable) -> tuple:
        found = self.successors.get(state)
        if found is None:
            found = tuple(self.model.next_steps(state))
            if len(self.successors) < CACHE_LIMIT:
                self.successors[state] = found
        return found

    def violated(self, state: Hashable) -> tuple[str, ...]:
        found = self.verdicts.get(state)
        if found is None:
            found = tuple(inv.name for inv in self.invariants if not inv.holds(state))
            if len(self.verdicts) < CACHE_LIMIT:
                self.verdicts[state] = found
        return found

    def sample(self, seed: int) -> tuple[Sample, int]:
        """Run the sample of `seed`; also return the next sample's seed."""
        from random import Random

        rng = Random(seed)
        draw = rng.random
        if self.initial is not None:
            state = self.initial[int(draw() * len(self.initial))]
        else:
            state = self.model.random_init(rng)  # type: ignore[misc]
            if state is None:  # the drawn choice of init is disabled: a sample of no state, as in Quint
                return Sample(seed, Trace((), ()), (), True), rng.getrandbits(64)
        states, labels = [state], [None]
        violated = self.violated(state)
        ended_early = False
        for _ in range(self.max_steps):
            if violated:
                break
            if self.model.random_step is not None:
                step = self.model.random_step(state, rng)
            else:
                steps = self.steps(state)
                step = steps[int(draw() * len(steps))] if steps else None
            if step is None:
                ended_early = True
                break
            label, state = step
            states.append(state)
            labels.append(label)
            violated = self.violated(state)
        trace = Trace(tuple(states), tuple(labels))
        return Sample(seed, trace, violated, ended_early), rng.getrandbits(64)


def simulate(
    model: Model,
    invariants: Sequence[Invariant],
    max_samples: int,
    max_steps: int,
    seed: int,
    on_progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Run up to `max_samples` samples from `seed`, stopping at the first violation.

    `on_progress(samples)` is called every 1024 samples.
    """
    simulator = Simulator(model, invariants, max_steps)
    result = SimulationResult(min_length=max_steps + 1)
    started = time.perf_counter()
    next_seed = seed
    for number in range(1, max_samples + 1):
        sample, following = simulator.sample(next_seed)
        length = len(sample.trace)
        result.samples = number
        result.total_length += length
        result.min_length = min(result.min_length, length)
        if length > result.max_length:
            result.max_length, result.longest_seed = length, next_seed
        result.ended_early += sample.ended_early
        if sample.violated:
            result.violation = sample
            break
        next_seed = following
        if on_progress and number % 1024 == 0:
            on_progress(number)
    result.seconds = time.perf_counter() - started
    result.distinct = len(simulator.verdicts)
    return result


def replay_sample(model: Model, invariants: Sequence[Invariant], max_steps: int, seed: int) -> Sample:
    """The sample `seed` gives (to recover a trace that was not kept)."""
    return Simulator(model, invariants, max_steps).sample(seed)[0]
