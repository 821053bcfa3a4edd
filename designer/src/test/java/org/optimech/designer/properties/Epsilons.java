package org.optimech.designer.properties;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * ε and δ as people write them: JSON number literals (plain decimals of 1 to 17 significant digits, scientific notation in
 * every case and sign, {@code Double.toString} of random doubles) and decimal strings, over the whole accepted range.
 */
final class Epsilons {
    /** Values people paste: ln 2 and ln 3 as Python prints them, a truncated 1/3, the ends of the range and their neighbours. */
    static final List<String> SPECIAL = List.of("0.6931471805599453", "1.0986122886681098", "0.3333333333333", "1e-6", "1E-6", "0.000001", "50", "5e1",
            "50.0", "49.99999999999999", "1.0000000000000002e-6", "0.1", "1", "1.0", "2.302585092994046", "0.01", "12.345678901234567",
            "3.1415926535897931", "0.7071067811865476", "1.2345678901234567e-3", "0.5e-5", "10.000000000000002");

    private Epsilons() {
    }

    /** ε literals in [10^-6, 50]. */
    static Arbitrary<String> epsilon() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, decimal(-6, 1).filter(d -> d.compareTo(BigDecimal.valueOf(50)) <= 0 && d.compareTo(new BigDecimal("1e-6")) >= 0)
                        .flatMap(Epsilons::written)),
                Tuple.of(3, logUniform(1e-6, 50).map(x -> Double.toString(x))),
                Tuple.of(2, Arbitraries.of(SPECIAL)),
                Tuple.of(1, decimal(-6, 1).filter(d -> d.compareTo(BigDecimal.valueOf(50)) <= 0 && d.compareTo(new BigDecimal("1e-6")) >= 0)
                        .map(d -> "\"" + d.toPlainString() + "\"")));
    }

    /** δ literals: 0 most often, else in (0, 0.5], including long expansions and the extremes of the double range. */
    static Arbitrary<String> delta() {
        return Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.just("0")),
                Tuple.of(3, decimal(-12, -1).filter(d -> d.compareTo(new BigDecimal("0.5")) <= 0).flatMap(Epsilons::written)),
                Tuple.of(2, logUniform(1e-15, 0.5).map(x -> Double.toString(x))),
                Tuple.of(1, Arbitraries.of("1e-300", "4.9e-324", "1e-15", "0.5", "0.3333333333333333", "1.0E-9", "0.999")));
    }

    /** δ in (0, 1) for problems that need δ > 0. */
    static Arbitrary<String> positiveDelta() {
        return delta().filter(s -> !s.equals("0"));
    }

    /** A decimal with 1 to 17 significant digits, its leading digit at 10^lo .. 10^hi. */
    static Arbitrary<BigDecimal> decimal(int lo, int hi) {
        Arbitrary<Integer> digits = Arbitraries.integers().between(1, 17);
        Arbitrary<Integer> lead = Arbitraries.integers().between(lo, hi);
        Arbitrary<Long> seed = Arbitraries.longs();
        return Combinators.combine(digits, lead, seed).as((n, e, s) -> {
            java.util.Random r = new java.util.Random(s);
            StringBuilder m = new StringBuilder().append((char) ('1' + r.nextInt(9)));
            for (int i = 1; i < n; i++) {
                m.append((char) ('0' + r.nextInt(10)));
            }
            return new BigDecimal(new java.math.BigInteger(m.toString()), n - 1 - e);
        });
    }

    /** One way of writing a decimal as a JSON number: plain, or scientific with any case, sign and mantissa scaling. */
    static Arbitrary<String> written(BigDecimal d) {
        return Arbitraries.integers().between(0, 5).map(form -> switch (form) {
            case 0, 1 -> d.toPlainString();
            case 2 -> d.toString().replace("E", "e");
            case 3 -> scientific(d, "E", "");
            case 4 -> scientific(d, "e", "+");
            default -> d.unscaledValue() + "e" + (-d.scale());
        });
    }

    private static String scientific(BigDecimal d, String e, String plus) {
        BigDecimal s = d.stripTrailingZeros();
        int exp = s.precision() - s.scale() - 1;
        BigDecimal mantissa = s.movePointLeft(exp);
        return mantissa.toPlainString() + e + (exp >= 0 ? plus : "") + exp;
    }

    /** exp(uniform(ln lo, ln hi)) as a double. */
    static Arbitrary<Double> logUniform(double lo, double hi) {
        double a = Math.log(lo);
        double b = Math.log(hi);
        return Arbitraries.doubles().between(0, 1).ofScale(17).map(u -> Math.exp(a + u * (b - a))).filter(x -> x >= lo && x <= hi);
    }

    /** The decimal a literal denotes (quotes removed). */
    static BigDecimal value(String literal) {
        return new BigDecimal(literal.replace("\"", ""), MathContext.UNLIMITED);
    }
}
