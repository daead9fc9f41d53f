"""Text a student reads: headers, traces, verdicts and statistics."""

from __future__ import annotations

from checker.explore.bfs import DECIDED, INTERRUPTED, MAX_STATES, MEMORY, Stats
from checker.explore.trace import Trace
from checker.model import Model


def format_trace(model: Model, trace: Trace, view: str) -> str:
    """Each state as a `[State i]` block headed by the step that led there, as the model shows
    states (`Model.format_state`) and labels (`Model.show_label`).

    A lasso ends as TLC's do: `[State n] Stuttering` when the last state
    repeats forever, or `Back to state k` when the behaviour loops. The model's
    legend of the view, if it has one, comes first.
    """
    legend = model.legend(view)
    blocks = [legend] if legend else []
    previous = None
    for i, (state, label) in enumerate(zip(trace.states, trace.labels)):
        title = f"[State {i}]  {'init' if label is None else model.show_label(label, view)}"
        blocks.append(f"{title}\n{model.format_state(state, view, previous)}")
        previous = state
    if trace.loop is not None:
        last = len(trace.states) - 1
        if trace.loop == last:
            blocks.append(f"[State {last + 1}]  Stuttering: state {last} repeats forever")
        else:
            blocks.append(f"Back to state {trace.loop}: the behaviour repeats states {trace.loop}..{last} forever")
    return "\n\n".join(blocks)


def format_stats(stats: Stats) -> str:
    """The statistics line, then the number of states found at each depth."""
    rate = stats.distinct / stats.seconds if stats.seconds else 0.0
    partial = {
        "": "",
        DECIDED: " (search stopped at the violation; --continue explores every state)",
        MAX_STATES: " (search stopped at --max-states: the states beyond were not explored)",
        MEMORY: f" (search stopped at {stats.memory}: the states beyond were not explored; "
        "--max-memory SIZE raises the bound)",
        INTERRUPTED: " (interrupted: the states beyond were not explored)",
    }[stats.stopped]
    return (
        f"{stats.distinct:,} distinct states, {stats.generated:,} generated, "
        f"{stats.transitions:,} transitions, {stats.final:,} final, depth {stats.depth:,}; "
        f"{stats.seconds:.2f} s ({rate:,.0f} states/s){partial}\n"
        f"States per depth: {per_depth(stats.per_depth)}"
    )


def format_compile(model: Model) -> str:
    """The line saying how long Quint compiled the spec before the search, which the search's own time does
    not count ('' when nothing was compiled in this run)."""
    if model.compile_seconds is None:
        return ""
    return (f"Quint compiled the spec first, in {model.compile_seconds:.2f} s (not counted above; "
            "kept in the cache until the file changes)")


#: a search deeper than this shows the counts of its first and last depths only
SHOWN_DEPTHS = 40


def per_depth(counts: list[int]) -> str:
    """`1, 9, 72, ...`; for a deep search, the first and last depths with the number left out between."""
    shown = [f"{n:,}" for n in counts]
    if len(shown) > SHOWN_DEPTHS:
        half = SHOWN_DEPTHS // 2
        shown[half:-half] = [f"... ({len(counts) - 2 * half:,} depths not shown) ..."]
    return ", ".join(shown)
