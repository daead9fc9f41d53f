"""The operators of TLA+ itself and of its standard modules: which module gives each, and its arity.

TLC implements the standard modules in Java; ttt-check implements them in Python
(`checker.tla.runtime`, written out by `checker.tla.compile`), so their `.tla` files are never read;
so are the Community Modules that TLC's users extend (`checker.tla.community`, `bags`, `arithmetic`,
`graphs`, `tools`). A
spec sees an operator of a standard module only when it extends or instantiates that module, as SANY
checks; the operators of the language (`=`, `\\in`, `SUBSET`, `'`...) are seen everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Builtin:
    """An operator of the language or of a standard module: its arity, the function of the runtime that
    computes it (called with its arguments and its place; None: the compiler writes it out), and which
    of its arguments are operators (position -> their arity)."""

    name: str
    arity: int
    module: str
    function: str | None = None
    operators: tuple = ()

    def __repr__(self) -> str:
        return f"Builtin({self.name})"


@dataclass(frozen=True)
class EnabledIn(Builtin):
    """ENABLED written in an instantiated module whose variables are substituted: those variables, each
    (name, what is substituted for it), whose primes the step chooses (see `checker.tla.compile.Gen`)."""

    instance_vars: tuple = ()


def _ops(module: str, table: dict) -> dict[str, Builtin]:
    """A module's operators: name -> arity, or (arity, function), or (arity, function, operators)."""
    made = {}
    for name, spec in table.items():
        arity, function, operators = (spec, None, ()) if isinstance(spec, int) else (tuple(spec) + (None, ()))[:3]
        made[name] = Builtin(name, arity, module, function, tuple(dict(operators or {}).items()))
    return made


#: the operators every module sees (arity -1: the n-ary product the syntax flattens)
LANGUAGE_OPERATORS = _ops("", {
    "=": (2, "eq"), "/=": (2, "neq"), "\\in": (2, "member"), "\\notin": 2, "\\cup": (2, "cup"),
    "\\cap": (2, "cap"), "\\": (2, "diff"), "\\subseteq": (2, "subseteq"), "SUBSET": (1, "powerset"),
    "UNION": (1, "big_union"), "DOMAIN": (1, "dom"), "~": 1, "=>": 2, "\\equiv": 2, "TRUE": 0, "FALSE": 0,
    "BOOLEAN": 0, "STRING": 0, "'": 1, "UNCHANGED": 1, "ENABLED": 1, "[]": 1, "<>": 1, "~>": 2, "\\X": -1,
    "-+->": 2, "\\cdot": 2,
})  # fmt: skip

_NATURALS = {
    "Nat": 0, "+": (2, "add"), "-": (2, "sub"), "*": (2, "mul"), "^": (2, "power"), "\\div": (2, "div"),
    "%": (2, "mod"), "<=": (2, "le"), ">=": (2, "ge"), "<": (2, "lt"), ">": (2, "gt"), "..": (2, "dots"),
}  # fmt: skip
_INTEGERS = {**_NATURALS, "Int": 0, "-.": (1, "neg")}
_SEQUENCES = {
    "Seq": (1, "seq_set"), "Len": (1, "length"), "\\o": (2, "concat"), "Append": (2, "append"), "Head": (1, "head"),
    "Tail": (1, "tail"), "SubSeq": (3, "subseq"), "SelectSeq": (2, "select_seq", {1: 1}),
}  # fmt: skip
_FINITE_SETS = {"IsFiniteSet": (1, "is_finite"), "Cardinality": (1, "size")}
_TLC = {
    ":>": (2, "colon_gt"), "@@": (2, "at_at"), "Print": (2, "print_"), "PrintT": 1, "Assert": (2, "assert_"),
    "JavaTime": 0, "TLCGet": (1, "tlc_get"), "TLCSet": (2, "tlc_set"), "Permutations": (1, "permutations"),
    "SortSeq": (2, "sort_seq", {1: 2}), "RandomElement": (1, "random_element"), "Any": 0, "ToString": (1, "to_string"),
    "TLCEval": 1,
}  # fmt: skip
#: the proof system's module: the names of its back ends, which a proof cites (each is TRUE, as in TLAPS.tla)
_TLAPS = {name: 0 for name in (
    "SMT", "CVC3", "Yices", "veriT", "Z3", "Spass", "SimpleArithmetic", "Zenon", "SlowZenon", "SlowerZenon",
    "VerySlowZenon", "SlowestZenon", "Isa", "Auto", "Force", "Blast", "SimplifyAndSolve", "Simplification",
    "AutoBlast", "LS4", "PTL", "PropositionalTemporalLogic", "AllProvers", "AllSMT", "AllIsa", "ExpandENABLED",
    "ExpandCdot", "AutoUSE", "Lambdify", "ENABLEDaxioms", "ENABLEDrewrites", "ENABLEDrules", "LevelComparison",
    "Trivial")}  # fmt: skip
_TLAPS.update({name: 1 for name in ("SMTT", "CVC3T", "YicesT", "veriTT", "Z3T", "SpassT", "ZenonT", "IsaT",
                                     "AllProversT", "AllSMTT", "AllIsaT")})  # fmt: skip
_TLAPS.update({"IsaM": 1, "IsaMT": 2})

#: the standard module Bags and the Community Modules
_BAGS = {
    "IsABag": (1, "is_a_bag"), "BagToSet": (1, "bag_to_set"), "SetToBag": (1, "set_to_bag"), "BagIn": (2, "bag_in"),
    "EmptyBag": (0, "empty_bag"), "(+)": (2, "bag_plus"), "(-)": (2, "bag_minus"), "BagUnion": (1, "bag_union"),
    "\\sqsubseteq": (2, "sub_bag_of"), "SubBag": (1, "sub_bags"), "BagOfAll": (2, "bag_of_all", {0: 1}),
    "BagCardinality": (1, "bag_cardinality"), "CopiesIn": (2, "copies_in"),
}  # fmt: skip
_FOLDS = {"MapThenFoldSet": (5, "map_then_fold_set", {0: 2, 2: 1, 3: 1})}
_FUNCTIONS = {
    "Restrict": (2, "restrict"), "RestrictDomain": (2, "restrict_domain", {1: 1}),
    "RestrictValues": (2, "restrict_values", {1: 1}), "IsRestriction": (2, "is_restriction"), "Range": (1, "range_of"),
    "Pointwise": (3, "pointwise", {2: 2}), "Inverse": (3, "inverse"), "AntiFunction": (1, "anti_function"),
    "IsInjective": (1, "is_injective"), "Injection": (2, "injections"), "Surjection": (2, "surjections"),
    "Bijection": (2, "bijections"), "ExistsInjection": (2, "exists_injection"),
    "ExistsSurjection": (2, "exists_surjection"), "ExistsBijection": (2, "exists_bijection"),
    "FoldFunctionOnSet": (4, "fold_function_on_set", {0: 2}), "FoldFunction": (3, "fold_function", {0: 2}),
    "SumFunctionOnSet": (2, "sum_function_on_set"), "SumFunction": (1, "sum_function"),
}  # fmt: skip
_FINITE_SETS_EXT = {
    "FoldSet": (3, "fold_set", {0: 2}), "SumSet": (1, "sum_set"), "ProductSet": (1, "product_set"),
    "ReduceSet": (3, "reduce_set", {0: 2}), "MapThenSumSet": (2, "map_then_sum_set", {0: 1}),
    "FlattenSet": (1, "flatten_set"), "SymDiff": (2, "sym_diff"), "Quantify": (2, "quantify", {1: 1}),
    "kSubset": (2, "k_subset"), "Max": (1, "maximum"), "Min": (1, "minimum"), "Choices": (1, "choices"),
    "ChooseUnique": (2, "choose_unique", {1: 1}),
}  # fmt: skip
_SEQUENCES_EXT = {
    "ToSet": (1, "to_set"), "ToBag": (1, "to_bag"), "SetToSeq": (1, "set_to_seq"), "SetToSeqs": (1, "set_to_seqs"),
    "SetToSortSeq": (2, "set_to_sort_seq", {1: 2}), "SetToAllKPermutations": (1, "set_to_all_k_permutations"),
    "TupleOf": (2, "tuple_of"), "SeqOf": (2, "seq_of"), "BoundedSeq": (2, "seq_of"), "Contains": (2, "contains"),
    "IsSorted": (2, "is_sorted", {1: 2}), "Reverse": (1, "reverse"), "Remove": (2, "remove"),
    "ReplaceAll": (3, "replace_all"), "SelectInSeq": (2, "select_in_seq", {1: 1}),
    "SelectInSubSeq": (4, "select_in_sub_seq", {3: 1}), "SelectLastInSeq": (2, "select_last_in_seq", {1: 1}),
    "SelectLastInSubSeq": (4, "select_last_in_sub_seq", {3: 1}), "InsertAt": (3, "insert_at"),
    "ReplaceAt": (3, "replace_at"), "RemoveAt": (2, "remove_at"), "RemoveFirst": (2, "remove_first"),
    "RemoveFirstMatch": (2, "remove_first_match", {1: 1}), "Cons": (2, "cons"), "Snoc": (2, "snoc"),
    "Front": (1, "front"), "Last": (1, "last"), "IsPrefix": (2, "is_prefix"), "IsStrictPrefix": (2, "is_strict_prefix"),
    "IsSuffix": (2, "is_suffix"), "IsStrictSuffix": (2, "is_strict_suffix"), "Prefixes": (1, "prefixes"),
    "CommonPrefixes": (1, "common_prefixes"), "LongestCommonPrefix": (1, "longest_common_prefix"),
    "Suffixes": (1, "suffixes"), "SeqMod": (2, "seq_mod"), "FoldSeq": (3, "fold_seq", {0: 2}),
    "FoldLeft": (3, "fold_left", {0: 2}), "FoldRight": (3, "fold_right", {0: 2}),
    "FoldLeftDomain": (3, "fold_left_domain", {0: 2}), "FoldRightDomain": (3, "fold_right_domain", {0: 2}),
    "FlattenSeq": (1, "flatten_seq"), "Zip": (2, "zip_"), "Interleave": (2, "interleave"), "SubSeqs": (1, "sub_seqs"),
    "AllSubSeqs": (1, "all_sub_seqs"), "IndexFirstSubSeq": (2, "index_first_sub_seq"),
    "ReplaceSubSeqAt": (4, "replace_sub_seq_at"), "ReplaceFirstSubSeq": (3, "replace_first_sub_seq"),
    "ReplaceAllSubSeqs": (3, "replace_all_sub_seqs"),
}  # fmt: skip
_BAGS_EXT = {
    "BagAdd": (2, "bag_add"), "BagRemove": (2, "bag_remove"), "BagRemoveAll": (2, "bag_remove_all"),
    "MapThenFoldBag": (5, "map_then_fold_bag", {0: 2, 2: 1, 3: 1}), "FoldBag": (3, "fold_bag", {0: 2}),
    "SumBag": (1, "sum_bag"), "ProductBag": (1, "product_bag"),
}  # fmt: skip
_BITWISE = {"&": (2, "bit_and"), "|": (2, "bit_or"), "^^": (2, "bit_xor"), "Not": (1, "bit_not"),
            "shiftR": (2, "shift_right")}  # fmt: skip
_COMBINATORICS = {"factorial": (0, "factorials"), "choose": (2, "binomial")}
_RELATION = {
    name: (arity, function, {0: 2} if name.endswith("Under") else {})
    for name, arity, function in (
        (f"Is{prop}{under}", 2, f"is_{snake}{'_under' if under else ''}")
        for prop, snake in (("Reflexive", "reflexive"), ("Irreflexive", "irreflexive"), ("Symmetric", "symmetric"),
                            ("AntiSymmetric", "antisymmetric"), ("Asymmetric", "asymmetric"),
                            ("Transitive", "transitive"), ("StrictlyPartiallyOrdered", "strictly_partially_ordered"),
                            ("PartiallyOrdered", "partially_ordered"),
                            ("StrictlyTotallyOrdered", "strictly_totally_ordered"),
                            ("TotallyOrdered", "totally_ordered"))
        for under in ("", "Under"))
}  # fmt: skip
_RELATION.update({"TransitiveClosure": (2, "transitive_closure"),
                  "ReflexiveTransitiveClosure": (2, "reflexive_transitive_closure"),
                  "IsConnected": (2, "is_connected")})  # fmt: skip
_GRAPHS = {
    "IsDirectedGraph": (1, "is_directed_graph"), "DirectedSubgraph": (1, "directed_subgraph"),
    "Transpose": (1, "transpose"), "IsUndirectedGraph": (1, "is_undirected_directed_graph"),
    "UndirectedSubgraph": (1, "undirected_directed_subgraph"), "Path": (1, "directed_paths"),
    "SimplePath": (1, "directed_simple_paths"), "AreConnectedIn": (3, "directed_connected"),
    "IsStronglyConnected": (1, "is_strongly_connected"), "ConnectionsIn": (1, "connections_in"),
    "IsTreeWithRoot": (2, "is_tree_with_root"), "GraphUnion": (2, "graph_union"),
    "IsBipartiteWithPartitions": (3, "is_bipartite_with_partitions"), "HasCycle": (1, "has_cycle"),
    "IsDag": (1, "is_dag"), "Successors": (2, "successors"), "AllSuccessors": (2, "all_successors"),
    "Predecessors": (2, "predecessors"), "AllPredecessors": (2, "all_predecessors"), "Ancestors": (2, "ancestors"),
    "Descendants": (2, "descendants"), "InDegree": (2, "in_degree"), "OutDegree": (2, "out_degree"),
    "Roots": (1, "roots"), "Leaves": (1, "leaves"), "EmptyGraph": (0, "empty_graph"), "Graphs": (1, "directed_graphs"),
}  # fmt: skip
_UNDIRECTED_GRAPHS = {
    "IsUndirectedGraph": (1, "is_undirected_graph"), "IsLoopFreeUndirectedGraph": (1, "is_loop_free_undirected_graph"),
    "UndirectedSubgraph": (1, "undirected_subgraph"), "Path": (1, "undirected_paths"),
    "SimplePath": (1, "undirected_simple_paths"), "AreConnectedIn": (3, "undirected_connected"),
    "ConnectedComponents": (1, "connected_components"), "IsStronglyConnected": (1, "is_strongly_connected_undirected"),
    "UndirectedGraphs": (1, "undirected_graphs"),
}  # fmt: skip
_VECTOR_CLOCKS = {"IsCausalOrder": (2, "is_causal_order", {1: 1}),
                  "CausalOrder": (4, "causal_order", {1: 1, 2: 1, 3: 1})}  # fmt: skip
_TLC_EXT = {
    "AssertEq": (2, "assert_eq"), "AssertError": (2, "assert_error"), "TLCGetOrDefault": (2, "tlc_get_or_default"),
    "TLCGetAndSet": (4, "tlc_get_and_set", {1: 2}), "Trace": (0, "trace"), "CounterExample": (0, "counter_example"),
    "ToTrace": (1, "to_trace"), "TLCModelValue": (1, "tlc_model_value"), "TLCDefer": (1, "tlc_defer"),
    "TLCNoOp": (1, "tlc_no_op"), "PickSuccessor": (1, "pick_successor"), "TLCCache": (2, "tlc_cache"),
    "TLCFP": (1, "tlc_fingerprint"), "TLCEvalDefinition": (1, "tlc_eval_definition"),
}  # fmt: skip
_RANDOMIZATION = {"RandomSubset": (2, "random_subset"), "RandomSetOfSubsets": (3, "random_set_of_subsets"),
                  "RandomSubsetSet": (3, "random_subset_set"),
                  "TestRandomSetOfSubsets": (3, "test_random_set_of_subsets")}  # fmt: skip
_IO_UTILS = {
    "IOSerialize": (3, "io_serialize"), "IODeserialize": (2, "io_deserialize"), "Serialize": (3, "serialize"),
    "Deserialize": (2, "deserialize"), "IOExec": (1, "io_exec"), "IOEnvExec": (2, "io_env_exec"),
    "IOExecTemplate": (2, "io_exec_template"), "IOEnvExecTemplate": (3, "io_env_exec_template"), "IOEnv": (0, "io_env"),
    "atoi": (1, "atoi"), "zeroPadN": (2, "zero_pad"),
}  # fmt: skip
_JSON = {"ToJson": (1, "to_json"), "ToJsonArray": (1, "to_json_array"), "ToJsonObject": (1, "to_json_object"),
         "JsonSerialize": (2, "json_serialize"), "JsonDeserialize": (1, "json_deserialize"),
         "ndJsonSerialize": (2, "nd_json_serialize"), "ndJsonDeserialize": (1, "nd_json_deserialize")}  # fmt: skip
_CSV = {"CSVWrite": (3, "csv_write"), "CSVWriteRecord": (4, "csv_write_record"), "CSVRead": (3, "csv_read"),
        "CSVRecords": (1, "csv_records")}  # fmt: skip
_SVG = {
    "SVGElem": (4, "svg_elem"), "Line": (5, "svg_line"), "Circle": (4, "svg_circle"), "Rect": (5, "svg_rect"),
    "Text": (4, "svg_text"), "Image": (6, "svg_image"), "Group": (2, "svg_group"), "Svg": (2, "svg_svg"),
    "SVGDoc": (6, "svg_doc"), "SVGElemToString": (1, "svg_to_string"), "NodeOfRingNetwork": (5, "node_of_ring_network"),
    "NodesOfDirectedMultiGraph": (3, "nodes_of_directed_multi_graph"), "PointOnLine": (3, "point_on_line"),
    "SVGSerialize": (3, "svg_serialize"),
}  # fmt: skip
_GRAPH_VIZ = {"DotDiGraph": (3, "dot_di_graph", {1: 1, 2: 1})}
_DYADIC_RATIONALS = {"IsDyadicRational": (1, "is_dyadic_rational"), "Zero": (0, "dyadic_zero"), "One": (0, "dyadic_one"),
                     "Add": (2, "dyadic_add"), "Half": (1, "dyadic_half"),
                     "PrettyPrint": (1, "dyadic_pretty_print")}  # fmt: skip

#: what each standard module exports (with what the modules it extends export; a LOCAL INSTANCE exports nothing)
MODULES: dict[str, dict[str, Builtin]] = {
    "Naturals": _ops("Naturals", _NATURALS),
    "Integers": _ops("Integers", _INTEGERS),
    "Sequences": _ops("Sequences", {**_NATURALS, **_SEQUENCES}),
    "FiniteSets": _ops("FiniteSets", _FINITE_SETS),
    "TLC": _ops("TLC", _TLC),
    "TLAPS": _ops("TLAPS", {name: (arity, "proof_step") for name, arity in _TLAPS.items()}),
    "Bags": _ops("Bags", {**_TLC, **_BAGS}),
    "Folds": _ops("Folds", _FOLDS),
    "Functions": _ops("Functions", {**_INTEGERS, **_FOLDS, **_FUNCTIONS}),
    "FiniteSetsExt": _ops("FiniteSetsExt", {**_INTEGERS, **_FINITE_SETS, **_FOLDS, **_FUNCTIONS, **_FINITE_SETS_EXT}),
    "BagsExt": _ops("BagsExt", _BAGS_EXT),
    "Bitwise": _ops("Bitwise", _BITWISE),
    "Combinatorics": _ops("Combinatorics", {**_NATURALS, **_COMBINATORICS}),
    "Relation": _ops("Relation", {**_NATURALS, **_FINITE_SETS, **_RELATION}),
    "UndirectedGraphs": _ops("UndirectedGraphs", _UNDIRECTED_GRAPHS),
    "TLCExt": _ops("TLCExt", _TLC_EXT),
    "Randomization": _ops("Randomization", _RANDOMIZATION),
    "IOUtils": _ops("IOUtils", _IO_UTILS),
    "Json": _ops("Json", _JSON),
    "CSV": _ops("CSV", _CSV),
    "SVG": _ops("SVG", _SVG),
    "GraphViz": _ops("GraphViz", _GRAPH_VIZ),
    "DyadicRationals": _ops("DyadicRationals", _DYADIC_RATIONALS),
}
_SEQUENCES_EXT_ALL = {**_NATURALS, **_SEQUENCES, **_FINITE_SETS, **_INTEGERS, **_FOLDS, **_FUNCTIONS, **_FINITE_SETS_EXT,
                      **_TLC, **_BAGS, **_SEQUENCES_EXT}  # fmt: skip
MODULES["SequencesExt"] = _ops("SequencesExt", _SEQUENCES_EXT_ALL)
MODULES["Graphs"] = _ops("Graphs", {**_SEQUENCES_EXT_ALL, **_RELATION, **_GRAPHS})
MODULES["VectorClocks"] = _ops("VectorClocks", {**_NATURALS, **_SEQUENCES, **_INTEGERS, **_FOLDS, **_FUNCTIONS,
                                                **_VECTOR_CLOCKS})  # fmt: skip
#: the proof system's libraries of theorems: nothing in them is evaluated, so they export nothing here
THEOREMS = ("FiniteSetTheorems", "NaturalsInduction", "SequenceTheorems", "FunctionTheorems",
            "WellFoundedInduction", "SequencesExtTheorems", "FiniteSetsExtTheorems", "FoldsTheorems",
            "GraphTheorems", "QuorumTheorems", "BagsTheorems")  # fmt: skip
for _name in THEOREMS:
    MODULES[_name] = {}
#: standard modules ttt-check does not evaluate, and why
REFUSED = {
    "Reals": "the module Reals is not supported: TLC does not evaluate real numbers either",
    "RealTime": "the module RealTime is not supported: it needs real numbers",
    "ShiViz": "the module ShiViz is not supported: it reads the trace of TLC's trace explorer",
    "HTML": "the module HTML is not supported",
    "Statistics": "the module Statistics is not supported: it needs real numbers",
    "DifferentialEquations": "the module DifferentialEquations is not supported: it needs real numbers",
}


def exported(module: str) -> dict[str, Builtin]:
    """The operators a standard module gives a module that extends it."""
    return dict(MODULES[module])
