package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.security.PublicKey;
import java.util.Map;
import java.util.Objects;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;

/**
 * What a runtime accepts beyond a valid spec: trusted signing keys (and whether a signature is required),
 * the largest certified ε and δ, and the numerics. A spec whose digest was recomputed after an edit passes
 * the loader's integrity checks but fails a policy that requires a trusted signature.
 *
 * @param trustedKeys key id → Ed25519 public key
 * @param requireSignature refuse unsigned specs
 * @param maxEpsilon refuse specs certified above this ε (null: no limit)
 * @param maxDelta refuse specs certified above this δ (null: no limit)
 * @param numerics refuse idealized numerics with {@link NumericsPolicy#EXACT_ONLY}
 */
public record RuntimePolicy(Map<String, PublicKey> trustedKeys, boolean requireSignature, BigDecimal maxEpsilon, BigDecimal maxDelta, NumericsPolicy numerics) {
    public RuntimePolicy {
        trustedKeys = Map.copyOf(trustedKeys);
        Objects.requireNonNull(numerics, "numerics");
        if (requireSignature && trustedKeys.isEmpty()) {
            throw new IllegalArgumentException("requireSignature needs at least one trusted key");
        }
    }

    /** Accepts every valid spec (the loader's own checks still apply). */
    public static RuntimePolicy permissive() {
        return new RuntimePolicy(Map.of(), false, null, null, NumericsPolicy.ALLOW_IDEALIZED);
    }

    /**
     * Applies the policy to a validated spec and its document.
     *
     * @return the id of the trusted key that signed it, or null for an unsigned spec the policy allows
     * @throws InvalidSpecException naming the field that the policy refuses
     */
    public String check(JsonObject document, MechanismSpec spec) throws InvalidSpecException {
        try {
            String signer = null;
            if (document.has("signature") || requireSignature) {
                if (!trustedKeys.isEmpty() || requireSignature) {
                    signer = SpecSignature.verify(document, trustedKeys);
                } else {
                    SpecSignature.checkShape(document);
                }
            }
            if (maxEpsilon != null && spec.certifiedEpsilon().compareTo(maxEpsilon) > 0) {
                throw new FieldException("/privacy/certified_epsilon", "exceeds the runtime policy's maximum epsilon " + maxEpsilon + ". Provided value: "
                        + spec.certifiedEpsilon());
            }
            if (maxDelta != null && spec.certifiedDelta().compareTo(maxDelta) > 0) {
                throw new FieldException("/privacy/certified_delta", "exceeds the runtime policy's maximum delta " + maxDelta + ". Provided value: "
                        + spec.certifiedDelta());
            }
            if (numerics == NumericsPolicy.EXACT_ONLY && spec.numerics() != Numerics.EXACT) {
                throw new FieldException("/privacy/numerics", "the runtime policy accepts exact numerics only. Provided value: \"" + spec.numerics().json() + "\"");
            }
            return signer;
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }
}
