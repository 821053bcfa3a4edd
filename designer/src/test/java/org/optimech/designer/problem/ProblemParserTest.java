package org.optimech.designer.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.LabelSet;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.Relation;

class ProblemParserTest {
    static final String FULL = """
            { "kind": "discrete",
              "epsilon": 1.0, "delta": 0.0,
              "relation": "substitution",
              "inputs": {"range": [0, 10]},
              "outputs": {"range": [0, 10]},
              "neighbours": "path",
              "loss": "absolute",
              "prior": "uniform",
              "objective": "bayes" }""";

    @Test
    void theIssueExampleParsesAsWritten() throws Exception {
        DiscreteProblem p = ProblemParser.parse(FULL);
        assertEquals(new BigDecimal("1.0"), p.epsilon());
        assertEquals(0, p.delta().signum());
        assertEquals(Relation.SUBSTITUTION, p.relation());
        assertEquals(new IntegerRange(0, 10), p.inputs());
        assertEquals(p.inputs(), p.outputs());
        assertEquals(NeighbourGraph.Kind.PATH, p.neighbours().kind());
        assertEquals(3.0, p.loss().at(2, 5));
        assertEquals(1.0 / 11, p.priorAt(4));
        assertEquals(Objective.BAYES, p.objective());
        assertEquals(InputPolicy.CLAMP, p.inputPolicy());
    }

    @Test
    void defaultsAndTheOtherForms() throws Exception {
        DiscreteProblem p = ProblemParser.parse("""
                {"kind": "discrete", "epsilon": 0.5, "inputs": {"labels": ["a", "b", "c"]}, "neighbours": "complete",
                 "loss": {"matrix": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]}, "prior": [0.5, 0.25, 0.25], "objective": "minimax",
                 "relation": "add-remove", "delta": 1e-6}""");
        assertEquals(new LabelSet(java.util.List.of("a", "b", "c")), p.inputs());
        assertEquals(NeighbourGraph.Kind.COMPLETE, p.neighbours().kind());
        assertEquals(2.0, p.loss().at(0, 2));
        assertArrayEquals(new double[] {0.5, 0.25, 0.25}, p.prior());
        assertEquals(Objective.MINIMAX, p.objective());
        assertEquals(InputPolicy.DEFAULT, p.inputPolicy());
        assertEquals(0, p.defaultInput()); // labels: out-of-domain values are released as the first label unless default_input says otherwise
        assertEquals(new BigDecimal("1e-6"), p.delta());
        DiscreteProblem edges = ProblemParser.parse("{\"kind\": \"discrete\", \"epsilon\": 1, \"inputs\": {\"range\": [1, 3]}, \"neighbours\": {\"edges\": [[0, 2], [2, 1]]}, \"loss\": \"zero-one\"}");
        assertEquals(2, edges.neighbours().edgeCount());
        assertEquals(0.0, edges.loss().at(1, 1));
        assertEquals(1.0, edges.loss().at(1, 2));
    }

    @Test
    void aDeclaredDefaultInputIsKept() throws Exception {
        DiscreteProblem labels = ProblemParser.parse("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"labels\":[\"a\",\"b\",\"c\"]},\"default_input\":\"c\"}");
        assertEquals(InputPolicy.DEFAULT, labels.inputPolicy());
        assertEquals(2, labels.defaultInput());
        DiscreteProblem range = ProblemParser.parse("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[3,9]},\"neighbours\":\"complete\",\"input_policy\":\"default\",\"default_input\":5}");
        assertEquals(2, range.defaultInput());
        assertEquals(labels, ProblemParser.parse(labels.toJson()));
        assertEquals(range, ProblemParser.parse(range.toJson()));
    }

    @Test
    void roundTripsThroughItsJsonForm() throws Exception {
        DiscreteProblem p = ProblemParser.parse(FULL);
        assertEquals(p, ProblemParser.parse(p.toJson()));
        DiscreteProblem m = ProblemParser.parse("{\"kind\":\"discrete\",\"epsilon\":2e-1,\"inputs\":{\"labels\":[\"x\",\"y\"]},\"loss\":{\"matrix\":[[0,1.5],[2,0]]},\"prior\":[0.3,0.7]}");
        assertEquals(m, ProblemParser.parse(m.toJson()));
    }

    /** Each malformed problem: the pointer and a piece of the message (which names the value). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            negative epsilon       | {"kind":"discrete","epsilon":-1,"inputs":{"range":[0,3]}}                                 | /epsilon         | must be > 0 and finite. Provided value: -1
            zero epsilon           | {"kind":"discrete","epsilon":0,"inputs":{"range":[0,3]}}                                  | /epsilon         | must be > 0 and finite. Provided value: 0
            epsilon as string NaN  | {"kind":"discrete","epsilon":"NaN","inputs":{"range":[0,3]}}                              | /epsilon         | must be a number. Provided value: string "NaN"
            epsilon overflow       | {"kind":"discrete","epsilon":1e999,"inputs":{"range":[0,3]}}                              | /epsilon         | must be finite. Provided value: 1e999
            epsilon too large      | {"kind":"discrete","epsilon":51,"inputs":{"range":[0,3]}}                                 | /epsilon         | must be at most 50
            missing epsilon        | {"kind":"discrete","inputs":{"range":[0,3]}}                                              | /epsilon         | is required but missing
            delta one              | {"kind":"discrete","epsilon":1,"delta":1,"inputs":{"range":[0,3]}}                        | /delta           | must be in [0, 1). Provided value: 1
            delta negative         | {"kind":"discrete","epsilon":1,"delta":-0.1,"inputs":{"range":[0,3]}}                     | /delta           | Provided value: -0.1
            prior does not sum     | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"prior":[0.5,0.5,0.5]}            | /prior           | must sum to 1 (within 1.0E-9). Provided value: 3 entries summing to 1.5
            prior negative         | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"prior":[1.5,-0.5,0]}             | /prior/1         | must be >= 0. Provided value: -0.5
            prior wrong length     | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"prior":[0.5,0.5]}                | /prior           | one probability per input (3); found 2
            prior unknown name     | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"prior":"flat"}                   | /prior           | Provided value: "flat"
            loss matrix rows       | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"loss":{"matrix":[[0,1,2]]}}      | /loss/matrix     | one row per input (3); found 1 rows
            loss matrix columns    | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,1]},"loss":{"matrix":[[0,1],[1]]}}    | /loss/matrix/1   | one entry per output (2); found 1
            loss matrix entry      | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,1]},"loss":{"matrix":[[0,1],[1,"x"]]}}| /loss/matrix/1/1 | must be a number. Provided value: string "x"
            unknown loss           | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,1]},"loss":"hinge"}                   | /loss            | unknown loss "hinge"
            absolute on labels     | {"kind":"discrete","epsilon":1,"inputs":{"labels":["a","b"]},"loss":"absolute"}           | /loss            | needs integer ranges
            edge out of range      | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"neighbours":{"edges":[[0,1],[1,3]]}} | /neighbours/edges/1/1 | must be an integer in [0, 2]. Provided value: 3
            self loop              | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2]},"neighbours":{"edges":[[0,1],[2,2]]}} | /neighbours/edges/1   | joins input 2 to itself
            disconnected graph     | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"neighbours":{"edges":[[0,1],[2,3]]}} | /neighbours           | disconnected: inputs [2, 3] cannot be reached from input 0
            unknown graph          | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"neighbours":"ring"}              | /neighbours      | Provided value: "ring"
            unknown key            | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"delat":0.1}                      | /delat           | unknown key "delat"
            unknown objective      | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"objective":"median"}             | /objective       | must be one of "bayes" or "minimax". Provided value: "median"
            knorm kind             | {"kind":"knorm","epsilon":1,"inputs":{"range":[0,3]}}                                     | /kind            | a K-norm problem (Problems reads every kind)
            unknown kind           | {"kind":"gauss","epsilon":1,"inputs":{"range":[0,3]}}                                     | /kind            | "discrete" problems only. Provided value: "gauss"
            one input              | {"kind":"discrete","epsilon":1,"inputs":{"range":[4,4]}}                                  | /inputs          | at least 2 values
            reversed range         | {"kind":"discrete","epsilon":1,"inputs":{"range":[4,1]}}                                  | /inputs/range    | must have from <= to. Provided value: [4, 1]
            histograms too many    | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":10,"records":100}}}       | /inputs/histograms | C(109, 9) = 4263421511271 histograms; at most 3000
            histograms one cell    | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":1,"records":5}}}          | /inputs/histograms/cells | must be an integer in [2, 1000]. Provided value: 1
            histograms no records  | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":3}}}                      | /inputs/histograms/records | is required but missing
            histograms add-remove  | {"kind":"discrete","epsilon":1,"relation":"add-remove","inputs":{"histograms":{"cells":3,"records":2}}} | /relation | "add-remove" is not supported
            histograms outputs     | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":3,"records":2}},"outputs":{"range":[0,1]}} | /outputs | must be omitted for histogram inputs
            histograms abs loss    | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":3,"records":2}},"loss":"absolute"} | /loss | must be "l1", "squared", "zero-one" or a matrix. Provided value: "absolute"
            histograms extra key   | {"kind":"discrete","epsilon":1,"inputs":{"histograms":{"cells":3,"records":2},"range":[0,1]}} | /inputs | exactly one of "range", "labels" or "histograms"
            fractional range       | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,2.5]}}                                | /inputs/range/1  | must be an integer. Provided value: 2.5
            duplicate labels       | {"kind":"discrete","epsilon":1,"inputs":{"labels":["a","a"]}}                             | /inputs/labels   | must be distinct
            clamp on labels        | {"kind":"discrete","epsilon":1,"inputs":{"labels":["a","b"]},"input_policy":"clamp"}      | /input_policy    | needs an integer range
            reject is a channel    | {"kind":"discrete","epsilon":1,"inputs":{"labels":["a","b"]},"input_policy":"reject"}     | /input_policy    | an observable channel
            default not an input   | {"kind":"discrete","epsilon":1,"inputs":{"labels":["a","b"]},"default_input":"c"}         | /default_input   | must be one of the inputs, written as they are. Provided value: "c"
            default on a path      | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"input_policy":"default"}         | /input_policy    | needs the complete neighbour graph
            default with clamp     | {"kind":"discrete","epsilon":1,"inputs":{"range":[0,3]},"input_policy":"clamp","default_input":1} | /default_input | only used with input_policy "default"
            not an object          | [1, 2]                                                                                    | /                | must be an object. Provided value: array [1,2]
            """)
    void malformedProblemsAreRefusedNamingTheField(String name, String json, String pointer, String message) {
        InvalidProblemException e = assertThrows(InvalidProblemException.class, () -> ProblemParser.parse(json));
        assertEquals(pointer, org.optimech.runtime.json.JsonPointer.display(e.pointer()), e.getMessage());
        assertTrue(e.detail().contains(message), e.getMessage());
    }

    @Test
    void malformedJsonGetsItsPosition() {
        InvalidProblemException e = assertThrows(InvalidProblemException.class, () -> ProblemParser.parse("{\"kind\": \"discrete\",\n \"epsilon\": NaN}"));
        assertTrue(e.getMessage().startsWith("/: malformed JSON at line 2, column"), e.getMessage());
        InvalidProblemException dup = assertThrows(InvalidProblemException.class, () -> ProblemParser.parse("{\"kind\": \"discrete\", \"epsilon\": 1, \"epsilon\": 2}"));
        assertTrue(dup.getMessage().contains("Duplicate field 'epsilon'"), dup.getMessage());
    }
}
