"""The modules of TLC's own tooling, written in Python: TLCExt, Randomization, IOUtils, Json, CSV, SVG and
GraphViz.

What is a pure function of its arguments is computed (AssertEq, atoi, zeroPadN, ToJson, the SVG elements
and their text), and so is IOEnv, the process's environment, which a spec reads its parameters from; what
reads or writes files, runs programs, draws at random, or reads TLC's own state
(its registers, the trace it keeps, its fingerprints) is refused in one line where it is evaluated, so
that a spec which extends these modules but does not evaluate such an operator is still checked.
"""

from __future__ import annotations

import json as _json
import math as _math
import os as _os
import re as _re
from typing import Any

from checker.tla import community as _c
from checker.tla import runtime as _rt
from checker.tla.errors import TlaError, Unsupported
from checker.tla.values import ModelValue as _ModelValue
from checker.tla.values import Rcd as _Rcd
from checker.tla.values import function as _function
from checker.tla.values import show as _show


def _refusal(name: str, reason: str):
    """An operator ttt-check refuses wherever it is evaluated, saying why."""

    def refuse(*args):
        raise Unsupported(f"{name} is not supported: {reason}", args[-1])

    refuse.__doc__ = f"`{name}`: refused ({reason})."
    return refuse


_FILES = "it reads or writes files, which a model checker's evaluation must not"
_PROGRAMS = "it runs a program of the machine, which a model checker's evaluation must not"
_RANDOM = "it draws at random, and an exhaustive check has no such step (quantify over the set instead)"
_REGISTERS = "it reads or writes TLC's own registers, which ttt-check does not keep"

# ---- TLCExt --------------------------------------------------------------------------------------------------


def assert_eq(a, b, loc):
    """`AssertEq(a, b) == IF a # b THEN /\\ PrintT("Assertion failed") /\\ PrintT(a) /\\ PrintT(b) /\\ a = b ELSE a = b`
    (ttt-check prints nothing, as for Print)."""
    return _rt.eq(a, b, loc)


def tlc_model_value(name, loc):
    """`TLCModelValue(str) == CHOOSE v: ToString(v) = str`: the model value named str."""
    if type(name) is not str:
        raise _c.wrong_argument("TLCModelValue", 0, "a string", name, loc)
    return _ModelValue(name)


def tlc_defer(expression, loc):
    """`TLCDefer(expression) == TRUE`."""
    return True


def tlc_no_op(value, loc):
    """`TLCNoOp(val) == val`."""
    return value


def tlc_cache(expression, closure, loc):
    """`TLCCache(expression, closure) == expression`."""
    return expression


def pick_successor(condition, loc):
    """`PickSuccessor(exp) == IF (exp) THEN TRUE ELSE CHOOSE bool \\in BOOLEAN : TRUE`: where exp is FALSE TLC asks
    its user to pick the next state, which ttt-check refuses."""
    if _rt.truth(condition, loc, "the argument of PickSuccessor"):
        return True
    raise Unsupported("PickSuccessor(FALSE) asks the user to pick the next state, which ttt-check does not", loc)


assert_error = _refusal("AssertError", "it compares with the text of TLC's own error messages")
tlc_get_or_default = _refusal("TLCGetOrDefault", _REGISTERS)
tlc_get_and_set = _refusal("TLCGetAndSet", _REGISTERS)
trace = _refusal("Trace", "ttt-check's search does not keep the behavior that led to a state")
counter_example = _refusal("CounterExample", "it is TLC's counterexample, read in a POSTCONDITION")
to_trace = _refusal("ToTrace", "it reads TLC's counterexample, in a POSTCONDITION")
tlc_fingerprint = _refusal("TLCFP", "it is TLC's fingerprint of a value")
tlc_eval_definition = _refusal("TLCEvalDefinition", "it looks a definition up by its name as TLC's evaluator does")

# ---- Randomization ------------------------------------------------------------------------------------------

random_subset = _refusal("RandomSubset", _RANDOM)
random_set_of_subsets = _refusal("RandomSetOfSubsets", _RANDOM)
random_subset_set = _refusal("RandomSubsetSet", _RANDOM)
test_random_set_of_subsets = _refusal("TestRandomSetOfSubsets", _RANDOM)

# ---- IOUtils, Json, CSV -----------------------------------------------------------------------------------------

io_serialize = _refusal("IOSerialize", _FILES)
io_deserialize = _refusal("IODeserialize", _FILES)
serialize = _refusal("Serialize", _FILES)
deserialize = _refusal("Deserialize", _FILES)
io_exec = _refusal("IOExec", _PROGRAMS)
io_env_exec = _refusal("IOEnvExec", _PROGRAMS)
io_exec_template = _refusal("IOExecTemplate", _PROGRAMS)
io_env_exec_template = _refusal("IOEnvExecTemplate", _PROGRAMS)
json_serialize = _refusal("JsonSerialize", _FILES)
json_deserialize = _refusal("JsonDeserialize", _FILES)
nd_json_serialize = _refusal("ndJsonSerialize", _FILES)
nd_json_deserialize = _refusal("ndJsonDeserialize", _FILES)
csv_write = _refusal("CSVWrite", _FILES)
csv_write_record = _refusal("CSVWriteRecord", _FILES)
csv_read = _refusal("CSVRead", _FILES)
csv_records = _refusal("CSVRecords", _FILES)
dot_di_graph = _refusal("DotDiGraph", "it names the nodes by TLC's fingerprints of them")

def io_env(loc):
    """`IOEnv == CHOOSE r \\in [STRING -> STRING] : TRUE`, as TLC computes it: the environment variables of the
    process, a record of strings (a spec reads its parameters there, `IOEnv.GRAPH`)."""
    return _function(dict(_os.environ))


_INT = _re.compile(r"[+-]?\d+")


def atoi(text, loc):
    """`atoi(str) == CHOOSE i \\in Int : ToString(i) = str`, as TLC computes it (Java's Integer.parseInt: an optional
    sign, then decimal digits, within 32 bits)."""
    if type(text) is str and _INT.fullmatch(text) and -(2**31) <= int(text) < 2**31:
        return int(text)
    raise TlaError(f"The argument of atoi should be a string of an integer, but instead it is the {_rt.described(text)}",
                   loc)


def zero_pad(n, width, loc):
    """`zeroPadN(n, width) == LET s == ToString(n) padLen == width - Len(s) zeros == [i \\in 1..padLen |-> "0"] IN
    FoldLeft(LAMBDA acc, z: acc \\o z, "", zeros) \\o s`."""
    text = _show(n)
    return "0" * max(_c.integer_of(width, "zeroPadN", 1, loc) - len(text), 0) + text


def _json_value(value, loc) -> Any:
    """A TLA+ value as TLC's Json module writes it: a record or other function as an object (a function on
    1..n as an array), a sequence or a set as an array, a model value as its name."""
    if type(value) in (bool, int, str):
        return value
    if type(value) is _ModelValue:
        return value.name
    if type(value) is tuple:
        return [_json_value(v, loc) for v in value]
    if isinstance(value, (frozenset, _rt.LazySet)):
        return [_json_value(v, loc) for v in _c.elements_of(value, loc)]
    return {k if type(k) is str else _show(k): _json_value(v, loc) for k, v in _c.pairs_of(value, "ToJson", 0, loc)}


def _json_text(data) -> str:
    """JSON as TLC writes it (Gson: no spaces, and <, >, &, =, ' escaped)."""
    text = _json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    for char in "<>&='":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def to_json(value, loc):
    """`ToJson(value)`: value's JSON text (a record's fields in alphabetical order)."""
    return _json_text(_json_value(value, loc))


def to_json_array(value, loc):
    """`ToJsonArray(value)`: value, a sequence or set, as a JSON array."""
    if type(value) is tuple or isinstance(value, (frozenset, _rt.LazySet)):
        return to_json(value, loc)
    return _json_text(_json_value(value, loc))


def to_json_object(value, loc):
    """`ToJsonObject(value)`: value, a function, as a JSON object (a sequence's keys are 0, 1, ...)."""
    if type(value) is tuple:
        return _json_text({str(i): _json_value(v, loc) for i, v in enumerate(value)})
    return _json_text(_json_value(value, loc))


# ---- SVG --------------------------------------------------------------------------------------------------


def _merge(first, second, loc) -> Any:
    """`Merge(r1, r2) == [k \\in (D1 \\cup D2) |-> IF k \\in D1 THEN r1[k] ELSE r2[k]]`."""
    return _rt.at_at(first, second, loc)


def svg_elem(name, attrs, children, inner_text, loc):
    """`SVGElem(_name, _attrs, _children, _innerText) == [name |-> _name, attrs |-> _attrs, children |-> _children,
    innerText |-> _innerText ]`."""
    return _Rcd({"name": name, "attrs": attrs, "children": children, "innerText": inner_text})


def _shape(name: str, fields: dict, attrs, loc, text: Any = "") -> Any:
    own = _Rcd({key: _rt.to_string(value, loc) for key, value in fields.items()})
    return svg_elem(name, _merge(own, attrs, loc), (), text, loc)


def svg_line(x1, y1, x2, y2, attrs, loc):
    """`Line(x1, y1, x2, y2, attrs) == SVGElem("line", Merge([x1 |-> ToString(x1), y1 |-> ..., x2 |-> ..., y2 |->
    ...], attrs), <<>>, "")`."""
    return _shape("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2}, attrs, loc)


def svg_circle(cx, cy, r, attrs, loc):
    """`Circle(cx, cy, r, attrs) == SVGElem("circle", Merge([cx |-> ToString(cx), cy |-> ..., r |-> ...], attrs), <<>>,
    "")`."""
    return _shape("circle", {"cx": cx, "cy": cy, "r": r}, attrs, loc)


def svg_rect(x, y, w, h, attrs, loc):
    """`Rect(x, y, w, h, attrs) == SVGElem("rect", Merge([x |-> ToString(x), y |-> ..., width |-> ..., height |->
    ...], attrs), <<>>, "")`."""
    return _shape("rect", {"x": x, "y": y, "width": w, "height": h}, attrs, loc)


def svg_text(x, y, text, attrs, loc):
    """`Text(x, y, text, attrs) == SVGElem("text", Merge([x |-> ToString(x), y |-> ToString(y)], attrs), <<>>, text)`."""
    return _shape("text", {"x": x, "y": y}, attrs, loc, text)


def svg_image(x, y, width, height, href, attrs, loc):
    """`Image(x, y, width, height, href, attrs) == SVGElem("image", Merge(("xlink:href" :> href @@ "x" :> ToString(x)
    @@ ...), attrs), <<>>, "")`."""
    own = _Rcd({"xlink:href": href, **{key: _rt.to_string(value, loc) for key, value in
                                        {"x": x, "y": y, "width": width, "height": height}.items()}})
    return svg_elem("image", _merge(own, attrs, loc), (), "", loc)


def svg_group(children, attrs, loc):
    """`Group(children, attrs) == SVGElem("g", attrs, children, "")`."""
    return svg_elem("g", attrs, children, "", loc)


def svg_svg(children, attrs, loc):
    """`Svg(children, attrs) == SVGElem("svg", attrs, children, "")`."""
    return svg_elem("svg", attrs, children, "", loc)


def svg_doc(children, x, y, w, h, attrs, loc):
    """`SVGDoc(children, vbX, vbY, vbW, vbH, attrs) == Svg(<<children>>, Merge(("xmlns:xlink" :> ... @@ "xmlns" :> ...
    @@ "viewBox" :> ToString(vbX) \\o " " \\o ...), attrs))`."""
    box = " ".join(_rt.to_string(v, loc) for v in (x, y, w, h))
    own = _Rcd({"xmlns:xlink": "http://www.w3.org/1999/xlink", "xmlns": "http://www.w3.org/2000/svg", "viewBox": box})
    return svg_svg((children,), _merge(own, attrs, loc), loc)


def svg_to_string(elem, loc):
    """`SVGElemToString(elem)`: the element's SVG text, as TLC writes it (attributes single-quoted, an `_` of their
    names written `-`, << and >> of the inner text escaped), the attributes in alphabetical order."""
    if type(elem) is not _Rcd:
        raise _c.wrong_argument("SVGElemToString", 0, "an SVG element (a record)", elem, loc)
    name = _rt.field(elem, "name", loc)
    attrs = "".join(f" {key.replace('_', '-')}='{_string(value, loc)}'" for key, value in
                    _c.pairs_of(_rt.field(elem, "attrs", loc), "SVGElemToString", 0, loc))
    children = "".join(svg_to_string(child, loc) for _, child in
                       _c.pairs_of(_rt.field(elem, "children", loc), "SVGElemToString", 0, loc))
    text = _rt.field(elem, "innerText", loc).replace("<<", "&lt;&lt;").replace(">>", "&gt;&gt;")
    return f"<{name}{attrs}>{text}{children}</{name}>"


def _string(value, loc) -> str:
    if type(value) is not str:
        raise _c.wrong_argument("SVGElemToString", 0, "an SVG element whose attributes are strings", value, loc)
    return value


def node_of_ring_network(cx, cy, r, n, m, loc):
    """`NodeOfRingNetwork(cx, cy, r, n, m)`: the coordinates of the n-th of m points on the circle of radius r
    around (cx, cy), truncated to integers as TLC computes them."""
    values = [_c.integer_of(v, "NodeOfRingNetwork", i, loc) for i, v in enumerate((cx, cy, r, n, m))]
    cx, cy, r, n, m = values
    angle = (2.0 * _math.pi / m) * n
    return _Rcd({"x": int(cx + r * _math.cos(angle)), "y": int(cy + r * _math.sin(angle))})


def point_on_line(start, end, segment, loc):
    """`PointOnLine(from, to, segment) == [x |-> from.x + ((to.x - from.x) \\div segment), y |-> ...]`, as TLC
    computes it (the division truncated towards 0)."""
    def at(axis):
        a, b = _rt.field(start, axis, loc), _rt.field(end, axis, loc)
        return int(a + (b - a) / segment)

    return _Rcd({"x": at("x"), "y": at("y")})


nodes_of_directed_multi_graph = _refusal("NodesOfDirectedMultiGraph", "it lays a graph out with TLC's Java libraries")
svg_serialize = _refusal("SVGSerialize", _FILES)
