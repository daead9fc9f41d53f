"""TLA+ text to the syntax tree of `checker.tla.tree`, with tree-sitter's TLA+ grammar.

tree-sitter-tlaplus is the TLA+ community's grammar (the one editors use). It is laxer than SANY, TLA+'s
own front end, in one way that matters here: it parses every infix operator by a single precedence,
left-associative, where SANY gives each operator a range of precedences and refuses an expression
whose operators' ranges overlap (`x = 1 \\/ x = 2 /\\ x = 3`, `a = b = c`, `a => b => c`). Such an
expression is refused here too, at its place, as SANY refuses it: never read by a guess. Names and
arities are checked later (`checker.tla.scope`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from checker.tla import tree as t
from checker.tla.errors import TlaError, Unsupported
from checker.tla.tree import Loc

#: tree-sitter's names of the infix operators, and how TLA+ writes them
INFIX = {
    "implies": "=>", "plus_arrow": "-+->", "equiv": "\\equiv", "iff": "\\equiv", "leads_to": "~>", "land": "/\\",
    "lor": "\\/", "assign": ":=", "bnf_rule": "::=", "eq": "=", "neq": "/=", "lt": "<", "gt": ">", "leq": "<=",
    "geq": ">=", "approx": "\\approx", "rs_ttile": "|-", "rd_ttile": "|=", "ls_ttile": "-|", "ld_ttile": "=|",
    "asymp": "\\asymp", "cong": "\\cong", "doteq": "\\doteq", "gg": "\\gg", "ll": "\\ll", "in": "\\in",
    "notin": "\\notin", "prec": "\\prec", "succ": "\\succ", "preceq": "\\preceq", "succeq": "\\succeq",
    "propto": "\\propto", "sim": "\\sim", "simeq": "\\simeq", "sqsubset": "\\sqsubset", "sqsupset": "\\sqsupset",
    "sqsubseteq": "\\sqsubseteq", "sqsupseteq": "\\sqsupseteq", "subset": "\\subset", "supset": "\\supset",
    "subseteq": "\\subseteq", "supseteq": "\\supseteq", "compose": "@@", "map_to": ":>", "map_from": "<:",
    "setminus": "\\", "cap": "\\cap", "cup": "\\cup", "dots_2": "..", "dots_3": "...", "plus": "+", "plusplus": "++",
    "oplus": "(+)", "ominus": "(-)", "mod": "%", "modmod": "%%", "vert": "|", "vertvert": "||", "minus": "-",
    "minusminus": "--", "amp": "&", "ampamp": "&&", "odot": "(.)", "oslash": "(/)", "otimes": "(\\X)", "mul": "*",
    "mulmul": "**", "slash": "/", "slashslash": "//", "bigcirc": "\\bigcirc", "bullet": "\\bullet", "div": "\\div",
    "circ": "\\o", "star": "\\star", "excl": "!!", "hashhash": "##", "dol": "$", "doldol": "$$", "qq": "??",
    "sqcap": "\\sqcap", "sqcup": "\\sqcup", "uplus": "\\uplus", "times": "\\X", "wr": "\\wr", "cdot": "\\cdot",
    "pow": "^", "powpow": "^^",
}  # fmt: skip
PREFIX = {
    "lnot": "~", "union": "UNION", "powerset": "SUBSET", "domain": "DOMAIN", "negative": "-.", "enabled": "ENABLED",
    "unchanged": "UNCHANGED", "always": "[]", "eventually": "<>",
}  # fmt: skip
POSTFIX = {"sup_plus": "^+", "asterisk": "^*", "sup_hash": "^#", "prime": "'"}
#: the number sets and the sets of the language, by tree-sitter's names
SETS = {"nat_number_set": "Nat", "int_number_set": "Int", "real_number_set": "Real", "string_set": "STRING",
        "boolean_set": "BOOLEAN"}  # fmt: skip

#: SANY's precedence of each infix operator: (lowest, highest, left-associative); two operators whose
#: ranges overlap cannot be mixed without parentheses, unless they are one left-associative operator
_RELATIONS = ("=", "/=", "<", ">", "<=", ">=", "\\in", "\\notin", "\\subseteq", "\\subset", "\\supset", "\\supseteq",
              ":=", "::=", "|-", "|=", "-|", "=|", "\\approx", "\\asymp", "\\cong", "\\doteq", "\\gg", "\\ll",
              "\\prec", "\\succ", "\\preceq", "\\succeq", "\\propto", "\\sim", "\\simeq", "\\sqsubset", "\\sqsupset",
              "\\sqsubseteq", "\\sqsupseteq")  # fmt: skip
PRECEDENCE: dict[str, tuple[int, int, bool]] = {
    "=>": (1, 1, False), "\\equiv": (2, 2, False), "-+->": (2, 2, False), "~>": (2, 2, False),
    "/\\": (3, 3, True), "\\/": (3, 3, True), **{op: (5, 5, False) for op in _RELATIONS},
    "\\cdot": (5, 14, True), "@@": (6, 6, True), ":>": (7, 7, False), "<:": (7, 7, False), "\\": (8, 8, False),
    "\\cap": (8, 8, True), "\\cup": (8, 8, True), "..": (9, 9, False), "...": (9, 9, False),
    "$$": (9, 13, True), "$": (9, 13, True), "??": (9, 13, True), "##": (9, 13, True), "!!": (9, 13, False),
    "\\uplus": (9, 13, True), "\\sqcap": (9, 13, True), "\\sqcup": (9, 13, True), "\\wr": (9, 14, False),
    "+": (10, 10, True), "++": (10, 10, True), "(+)": (10, 10, True), "|": (10, 11, True), "||": (10, 11, True),
    "%%": (10, 11, True), "%": (10, 11, False), "\\X": (10, 13, True), "-": (11, 11, True), "--": (11, 11, True),
    "(-)": (11, 11, True), "*": (13, 13, True), "**": (13, 13, True), "&&": (13, 13, True), "&": (13, 13, True),
    "(.)": (13, 13, True), "(\\X)": (13, 13, True), "\\star": (13, 13, True), "\\o": (13, 13, True),
    "\\bigcirc": (13, 13, True), "\\bullet": (13, 13, True), "/": (13, 13, False), "//": (13, 13, False),
    "(/)": (13, 13, False), "\\div": (13, 13, False), "^": (14, 14, False), "^^": (14, 14, False),
}  # fmt: skip
#: escapes of TLA+ strings
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", '"': '"', "\\": "\\"}


def unescape(raw: str) -> str:
    """The characters a string literal's text stands for (`\\"` a quote, `\\n` a new line...)."""
    out, i = [], 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            out.append(ESCAPES.get(raw[i + 1], raw[i + 1]))
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


@lru_cache(maxsize=1)
def parser():
    """tree-sitter's parser of TLA+ (loaded once)."""
    import tree_sitter
    import tree_sitter_tlaplus

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_tlaplus.language()))


def parse_modules(text: bytes, file: str) -> dict[str, t.Module]:
    """Every module written in `text` (a file may hold several, as TLC reads them), by name, in order."""
    root = parser().parse(text).root_node
    _refuse_errors(root, file)
    reader = Reader(file)
    found = {}
    for node in root.named_children:
        if node.type == "module":
            module = reader.module(node)
            found[module.name] = module
    if not found:
        raise TlaError("no module in the file (a spec starts with ---- MODULE name ----)", Loc(file, "", 1, 1, 1, 1))
    return found


def parse_expression(text: str, file: str = "<expression>") -> t.Expr:
    """One expression, as `eval` takes it: parsed as the body of a definition of a module of its own."""
    source = f"---- MODULE Expression ----\nExpression ==\n{text}\n====\n".encode()
    root = parser().parse(source).root_node
    _refuse_errors(root, file, line_offset=2)
    module = Reader(file, line_offset=2).module(root.named_children[0])
    units = [u for u in module.units if isinstance(u, t.OpDef)]
    if len(units) != 1 or module.assumptions or module.variables or module.constants:
        raise TlaError("not one expression", Loc(file, "", 1, 1, 1, 1))
    return units[0].body


def _refuse_errors(root, file: str, line_offset: int = 0) -> None:
    """A syntax error as one line at its place: the first ERROR or MISSING node tree-sitter made."""
    if not root.has_error:
        return
    pending = [root]
    while pending:
        node = pending.pop(0)
        if node.is_missing:
            raise TlaError(f"syntax error: missing {node.type}", _loc(node, file, "", line_offset))
        if node.type == "ERROR":
            text = node.text.decode("utf-8", "replace").strip().split("\n")[0][:40]
            raise TlaError(f"syntax error at {text!r}" if text else "syntax error", _loc(node, file, "", line_offset))
        pending.extend(child for child in node.children if child.has_error or child.is_missing)
    raise TlaError("syntax error", Loc(file, "", 1, 1, 1, 1))


def _loc(node, file: str, module: str, line_offset: int = 0) -> Loc:
    (l1, c1), (l2, c2) = node.start_point, _last(node).end_point
    return Loc(file, module, l1 + 1 - line_offset, c1 + 1, l2 + 1 - line_offset, max(c2, 1))


def _last(node):
    """The last token of `node` that is text of its own: the end of a bulleted list is the dedent tree-sitter
    places at the next token, past the comments between."""
    while node.child_count:
        children = [c for c in node.children if c.end_byte > c.start_byte and c.type not in ("comment", "block_comment")]
        if not children:
            break
        node = children[-1]
    return node


def _field(node, name: str):
    return node.child_by_field_name(name)


def _fields(node, name: str) -> list:
    return [child for child in node.children_by_field_name(name) if child.is_named]


def _named(node) -> list:
    """The named children, comments aside."""
    return [child for child in node.named_children if child.type not in ("comment", "block_comment")]


class Reader:
    """Builds `checker.tla.tree` nodes from tree-sitter's, for one file."""

    def __init__(self, file: str, line_offset: int = 0):
        self.file, self.line_offset = file, line_offset
        self.module_name = ""

    def loc(self, node) -> Loc:
        return _loc(node, self.file, self.module_name, self.line_offset)

    def text(self, node) -> str:
        return node.text.decode("utf-8")

    # ---- modules -------------------------------------------------------------------------------------

    def module(self, node) -> t.Module:
        outer, self.module_name = self.module_name, self.text(_field(node, "name"))
        module = t.Module(self.module_name, self.file, self.loc(node))
        for unit in _named(node):
            self.unit(unit, module)
        for comment in node.named_children:
            algorithm = next((c for c in comment.named_children if c.type == "pcal_algorithm"), None) \
                if comment.type == "block_comment" else None  # fmt: skip
            if algorithm is not None and module.pluscal is None:
                from checker.tla import pluscal

                module.pluscal = pluscal.read(algorithm, self.loc)
        self.module_name = outer
        return module

    def unit(self, node, module: t.Module, local: bool = False) -> None:
        kind = node.type
        if kind == "extends":
            module.extends = tuple((self.text(n), self.loc(n)) for n in _named(node))
        elif kind == "variable_declaration":
            module.variables += [(self.text(n), self.loc(n)) for n in _named(node) if n.type == "identifier"]
        elif kind == "constant_declaration":
            module.constants += [(self.param(n), self.loc(n)) for n in _named(node)]
        elif kind == "local_definition":
            for inner in _named(node):
                self.unit(inner, module, local=True)
        elif kind in ("operator_definition", "function_definition"):
            module.units.append(self.definition(node, local))
        elif kind == "module_definition":
            module.units.append(self.named_instance(node, local))
        elif kind == "instance":
            module.units.append(self.instance(node, local))
        elif kind == "assumption":
            body = self.expr(_named(node)[-1])
            module.assumptions.append(body)
            self._named_statement(node, body, module)
        elif kind == "theorem":
            statement = _field(node, "statement")
            if statement is not None and statement.type != "assume_prove":
                self._named_statement(node, self.expr(statement), module)
        elif kind == "recursive_declaration":
            module.recursive |= {self.param(n).name for n in _named(node)}
        elif kind == "module":
            inner = self.module(node)
            module.inner[inner.name] = inner
            module.units.append(("module", inner.name))
        # header and separator lines, proofs, USE/HIDE: nothing to evaluate

    def _named_statement(self, node, body: t.Expr, module: t.Module) -> None:
        """`ASSUME Name == e` and `THEOREM Name == e` define Name as e, which the module may use."""
        name = _field(node, "name")
        if name is not None:
            module.units.append(t.OpDef(self.text(name), (), body, self.loc(node)))

    def param(self, node) -> t.Param:
        """A parameter or constant: `x`, or an operator `F(_, _)`, `_ + _`, `-. _`, `_ ^+`."""
        if node.type == "identifier":
            return t.Param(self.text(node))
        name = _field(node, "name")
        arity = sum(1 for child in node.named_children if child.type == "placeholder")
        return t.Param(self.op_symbol(name) if name.type.endswith("op_symbol") else self.text(name), arity)

    def op_symbol(self, node) -> str:
        """The operator a `prefix_op_symbol`, `infix_op_symbol` or `postfix_op_symbol` names."""
        inner = node.named_children[0] if node.named_children else node
        return {**INFIX, **PREFIX, **POSTFIX}.get(inner.type, self.text(node))

    def definition(self, node, local: bool = False) -> t.OpDef:
        name_node = _field(node, "name")
        name = self.op_symbol(name_node) if name_node.type.endswith("op_symbol") else self.text(name_node)
        if name_node.type in SETS:
            name = SETS[name_node.type]
        body_node = _field(node, "definition")
        if node.type == "function_definition":
            bounds = tuple(self.bound(b) for b in _named(node) if b.type == "quantifier_bound")
            body = t.FcnLit(self.loc(node), bounds, self.expr(body_node), name)
            return t.OpDef(name, (), body, self.loc(node), local)
        params = tuple(self.param(p) for p in _fields(node, "parameter"))
        return t.OpDef(name, params, self.expr(body_node), self.loc(node), local)

    def named_instance(self, node, local: bool) -> t.InstanceDef:
        """`I(params) == INSTANCE M WITH ...`, in a module or a LET."""
        instance = self.instance(_field(node, "definition"), local)
        instance.name = self.text(_field(node, "name"))
        instance.params = tuple(self.param(p) for p in _fields(node, "parameter"))
        instance.loc = self.loc(node)
        return instance

    def instance(self, node, local: bool) -> t.InstanceDef:
        parts = _named(node)
        substitutions = []
        for sub in parts[1:]:
            if sub.type != "substitution":
                continue
            what, _, value = _named(sub)
            name = self.op_symbol(what) if what.type.endswith("op_symbol") else self.text(what)
            substitutions.append((name, self.argument(value)))
        return t.InstanceDef(self.text(parts[0]), tuple(substitutions), self.loc(node), local=local)

    def bound(self, node) -> t.Bound:
        intro = _fields(node, "intro")
        if len(intro) == 1 and intro[0].type == "tuple_of_identifiers":
            names = tuple(self.text(n) for n in intro[0].named_children if n.type == "identifier")
            tuple_ = True
        else:
            names, tuple_ = tuple(self.text(n) for n in intro), False
        found = _field(node, "set")
        return t.Bound(names, tuple_, self.expr(found) if found is not None else None)

    # ---- expressions ---------------------------------------------------------------------------------

    def argument(self, node) -> t.Expr:
        """An operator's argument: an expression, a LAMBDA, or an operator named by its symbol."""
        if node.type.endswith("op_symbol"):
            return t.OpArg(self.loc(node), self.op_symbol(node))
        return self.expr(node)

    def expr(self, node) -> t.Expr:
        method = getattr(self, "x_" + node.type, None)
        if method is None:
            raise Unsupported(f"{node.type.replace('_', ' ')} is not supported", self.loc(node))
        return method(node)

    def x_nat_number(self, node):
        return t.Num(self.loc(node), int(self.text(node)))

    def _based(self, node, base: int):
        return t.Num(self.loc(node), int(self.text(node.named_children[-1]), base))

    def x_binary_number(self, node):
        return self._based(node, 2)

    def x_octal_number(self, node):
        return self._based(node, 8)

    def x_hex_number(self, node):
        return self._based(node, 16)

    def x_real_number(self, node):
        raise Unsupported("real numbers are not supported (TLC does not evaluate them either)", self.loc(node))

    def x_string(self, node):
        return t.Str(self.loc(node), unescape(self.text(node)[1:-1]))

    def x_boolean(self, node):
        return t.Bool(self.loc(node), self.text(node) == "TRUE")

    def _set(self, node):
        return t.Apply(self.loc(node), SETS[node.type])

    x_nat_number_set = x_int_number_set = x_real_number_set = x_string_set = x_boolean_set = _set

    def x_parentheses(self, node):
        return self.expr(_named(node)[0])

    def x_label(self, node):
        return self.expr(_field(node, "expression"))

    def x_identifier_ref(self, node):
        return t.Apply(self.loc(node), self.text(node))

    def x_bound_op(self, node):
        name = self.text(_field(node, "name"))
        args = tuple(self.argument(a) for a in _fields(node, "parameter"))
        return t.Apply(self.loc(node), name, args)

    def x_bound_nonfix_op(self, node):
        symbol = _field(node, "symbol")
        args = tuple(self.expr(a) for a in _named(node) if a is not symbol and a.id != symbol.id)
        return t.Apply(self.loc(node), self.op_symbol(symbol), args)

    def x_prefixed_op(self, node):
        path = []
        for component in _named(_field(node, "prefix")):
            if component.type != "subexpr_component":
                raise Unsupported("this reference into a subexpression (with !) is not supported", self.loc(component))
            path.append(self.component_name(component))
        op = self.expr(_field(node, "op"))
        if not isinstance(op, t.Apply):
            raise Unsupported("this reference into a subexpression (with !) is not supported", self.loc(node))
        op.path, op.loc = tuple(path), self.loc(node)
        return op

    def component_name(self, component) -> tuple[str, tuple]:
        """A name in a reference with `!` (`I` of `I!Op`, `M(k)` of `M(k)!Op`): the name and its arguments."""
        inner = component.named_children[0]
        if inner.type == "identifier_ref":
            return self.text(inner), ()
        if inner.type == "bound_op":
            return self.text(_field(inner, "name")), tuple(self.argument(a) for a in _fields(inner, "parameter"))
        raise Unsupported("this reference into a subexpression (with !) is not supported", self.loc(component))

    def x_subexpression(self, node):
        """`Op!2`, `Op(a)!<<!1`, `I!Op!>>`, `Thm!:`: a definition's name, then the positions of a part of it."""
        names, selectors, places = [], [], []

        def steps(prefix):
            for component in _named(prefix):
                if component.type == "subexpr_prefix":
                    steps(component)
                elif component.type == "subexpr_component":
                    if selectors:
                        raise Unsupported("a name after a position in a subexpression reference (a label, or an "
                                          "instance's definition) is not supported", self.loc(component))
                    names.append(self.component_name(component))
                elif component.type == "subexpr_tree_nav":
                    inner = _named(component)[0]
                    kind = {"langle_bracket": "<<", "rangle_bracket": ">>", "colon": ":"}.get(inner.type)
                    if inner.type == "child_id":
                        selectors.append(int(self.text(inner)))
                        places.append(self.loc(inner))
                    elif kind is not None:
                        selectors.append(kind)
                        places.append(self.loc(inner))
                    else:
                        raise Unsupported(f"the subexpression selector !{self.text(inner)} is not supported (only !n, "
                                          f"!<<, !>> and !:)", self.loc(component))
                else:
                    raise Unsupported("this reference into a subexpression (with !) is not supported",
                                      self.loc(component))

        steps(node)
        if not names or not selectors:
            raise Unsupported("this reference into a subexpression (with !) is not supported", self.loc(node))
        (name, args), path = names[-1], tuple(names[:-1])
        head = t.Apply(self.loc(node), name, args, path)
        return t.Subexpr(self.loc(node), head, tuple(selectors), tuple(places))

    def x_bound_prefix_op(self, node):
        op = PREFIX[_field(node, "symbol").type]
        return t.Apply(self.loc(node), op, (self.expr(_field(node, "rhs")),))

    def x_bound_postfix_op(self, node):
        op = POSTFIX[_field(node, "symbol").type]
        return t.Apply(self.loc(node), op, (self.expr(_field(node, "lhs")),))

    def x_bound_infix_op(self, node):
        op = INFIX[_field(node, "symbol").type]
        lhs, rhs = _field(node, "lhs"), _field(node, "rhs")
        self._check_precedence(node, op, lhs, rhs)
        loc = self.loc(node)
        if op in ("/\\", "\\/"):
            conj = op == "/\\"
            items = []
            for side in (lhs, rhs):
                item = self.expr(side)
                same = side.type == "bound_infix_op" and isinstance(item, t.Junction) and not item.bulleted
                items.extend(item.items if same and item.conj == conj else (item,))
            return t.Junction(loc, conj, tuple(items))
        if op == "\\X":
            # `A \X B \X C` is the set of triples: the product of every factor not in parentheses
            factors = []
            for side in (lhs, rhs):
                item = self.expr(side)
                nested = (side.type == "bound_infix_op" and INFIX[_field(side, "symbol").type] == "\\X")
                factors.extend(item.args if nested else (item,))
            return t.Apply(loc, "\\X", tuple(factors))
        return t.Apply(loc, op, (self.expr(lhs), self.expr(rhs)))

    def _check_precedence(self, node, op: str, lhs, rhs) -> None:
        """Refuse, as SANY does, an operator directly beside another whose precedence range overlaps its own."""
        low, high, _ = PRECEDENCE.get(op, (0, 0, False))
        for side, inner in (("lhs", lhs), ("rhs", rhs)):
            if inner.type != "bound_infix_op":
                continue
            other = INFIX[_field(inner, "symbol").type]
            o_low, o_high, o_left = PRECEDENCE.get(other, (0, 0, False))
            if o_low > high:
                continue  # binds tighter: no doubt
            if side == "lhs" and other == op and o_left:
                continue  # `a + b + c`, left-associative
            if o_high < low and side == "lhs":
                continue
            raise TlaError(
                f"precedence conflict between {other} and {op} (SANY refuses it): add parentheses",
                self.loc(_field(inner, "symbol")),
            )

    def x_bounded_quantification(self, node):
        forall = _field(node, "quantifier").type == "forall"
        bounds = tuple(self.bound(b) for b in _fields(node, "bound"))
        return t.Quant(self.loc(node), forall, bounds, self.expr(_field(node, "expression")))

    def x_unbounded_quantification(self, node):
        kind = _field(node, "quantifier").type
        if kind.startswith("temporal"):
            raise Unsupported("temporal quantifiers (\\AA, \\EE) are not supported", self.loc(node))
        names = tuple(self.text(n) for n in _fields(node, "intro"))
        bounds = (t.Bound(names, False, None),)
        return t.Quant(self.loc(node), kind == "forall", bounds, self.expr(_field(node, "expression")))

    def x_choose(self, node):
        intro = _field(node, "intro")
        if intro.type == "tuple_of_identifiers":
            names, tuple_ = tuple(self.text(n) for n in intro.named_children if n.type == "identifier"), True
        else:
            names, tuple_ = (self.text(intro),), False
        found = _field(node, "set")
        bound = t.Bound(names, tuple_, self.expr(found) if found is not None else None)
        return t.Choose(self.loc(node), bound, self.expr(_field(node, "expression")))

    def x_finite_set_literal(self, node):
        return t.SetEnum(self.loc(node), tuple(self.expr(n) for n in _named(node)))

    def x_set_filter(self, node):
        return t.SetFilter(self.loc(node), self.bound(_field(node, "generator")), self.expr(_field(node, "filter")))

    def x_set_map(self, node):
        bounds = tuple(self.bound(b) for b in _fields(node, "generator"))
        return t.SetMap(self.loc(node), self.expr(_field(node, "map")), bounds)

    def x_function_evaluation(self, node):
        parts = _named(node)
        return t.FcnApp(self.loc(node), self.expr(parts[0]), tuple(self.expr(p) for p in parts[1:]))

    def x_function_literal(self, node):
        parts = _named(node)
        bounds = tuple(self.bound(b) for b in parts if b.type == "quantifier_bound")
        return t.FcnLit(self.loc(node), bounds, self.expr(parts[-1]))

    def x_set_of_functions(self, node):
        domain, _, range_ = _named(node)
        return t.FcnSet(self.loc(node), self.expr(domain), self.expr(range_))

    def _fields_of(self, node) -> tuple:
        parts = [n for n in _named(node) if n.type != "all_map_to"]
        return tuple((self.text(parts[i]), self.expr(parts[i + 1])) for i in range(0, len(parts), 2))

    def x_record_literal(self, node):
        return t.RecordLit(self.loc(node), self._fields_of(node))

    def x_set_of_records(self, node):
        return t.RecordSet(self.loc(node), self._fields_of(node))

    def x_record_value(self, node):
        record, name = _named(node)
        return t.Dot(self.loc(node), self.expr(record), self.text(name))

    def x_except(self, node):
        updates = []
        for update in _named(node)[1:]:
            if update.type != "except_update":
                continue
            path = []
            for step in _named(_named(update)[0]):
                if step.type == "except_update_record_field":
                    path.append(("field", self.text(_named(step)[0])))
                else:
                    path.append(("app", tuple(self.expr(a) for a in _named(step))))
            updates.append((tuple(path), self.expr(_field(update, "new_val"))))
        return t.Except(self.loc(node), self.expr(_field(node, "expr_to_update")), tuple(updates))

    def x_prev_func_val(self, node):
        return t.At(self.loc(node))

    def x_tuple_literal(self, node):
        items = [n for n in _named(node) if n.type not in ("langle_bracket", "rangle_bracket")]
        return t.Tuple(self.loc(node), tuple(self.expr(n) for n in items))

    def x_step_expr_or_stutter(self, node):
        action, sub = _named(node)
        return t.Step(self.loc(node), True, self.expr(action), self.expr(sub))

    def x_step_expr_no_stutter(self, node):
        parts = [n for n in _named(node) if n.type not in ("langle_bracket", "rangle_bracket_sub")]
        action, sub = parts
        return t.Step(self.loc(node), False, self.expr(action), self.expr(sub))

    def x_fairness(self, node):
        strong = node.children[0].type == "SF_"
        sub, action = _named(node)
        return t.Fairness(self.loc(node), strong, self.expr(sub), self.expr(action))

    def x_if_then_else(self, node):
        return t.If(self.loc(node), self.expr(_field(node, "if")), self.expr(_field(node, "then")),
                    self.expr(_field(node, "else")))  # fmt: skip

    def x_case(self, node):
        arms, other = [], None
        for arm in _named(node):
            parts = [n for n in _named(arm) if n.type != "case_arrow"]
            if arm.type == "case_arm":
                arms.append((self.expr(parts[0]), self.expr(parts[1])))
            elif arm.type == "other_arm":
                other = self.expr(parts[-1])
        return t.Case(self.loc(node), tuple(arms), other)

    def x_let_in(self, node):
        defs, recursive = [], set()
        for d in _fields(node, "definitions"):
            if d.type in ("operator_definition", "function_definition"):
                defs.append(self.definition(d))
            elif d.type == "recursive_declaration":
                recursive |= {self.param(n).name for n in _named(d)}
            elif d.type == "module_definition":
                defs.append(self.named_instance(d, False))
        return t.Let(self.loc(node), tuple(defs), self.expr(_field(node, "expression")), frozenset(recursive))

    def _list(self, node, conj: bool):
        items = tuple(self.expr(_named(item)[-1]) for item in _named(node) if item.type in ("conj_item", "disj_item"))
        return t.Junction(self.loc(node), conj, items, bulleted=True)

    def x_conj_list(self, node):
        return self._list(node, True)

    def x_disj_list(self, node):
        return self._list(node, False)

    def x_lambda(self, node):
        parts = _named(node)
        return t.Lambda(self.loc(node), tuple(self.text(p) for p in parts[:-1]), self.expr(parts[-1]))


def located(node: Any) -> Loc:
    """The place of a tree node, or nowhere."""
    return getattr(node, "loc", t.NOWHERE)
