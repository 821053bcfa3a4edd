package org.optimech.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonStreamWriter;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecSignature;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech sign SPEC.json --key NAME.private.key --key-id NAME --out SIGNED.json}. */
@Command(name = "sign", mixinStandardHelpOptions = true,
        description = "Validates a spec as the runtime does, then adds an Ed25519 signature over its canonical form (digest included). Runtimes that trust "
                + "the public key (verify --trusted-key, RuntimePolicy) refuse a signed spec edited afterwards, even with a recomputed digest.")
final class SignCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @Option(names = "--key", required = true, paramLabel = "FILE", description = "The private key file written by keygen.")
    Path keyFile;

    @Option(names = "--key-id", required = true, paramLabel = "NAME", description = "The key's name, as the runtime's trusted keys know it.")
    String keyId;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "SIGNED.json", description = "Where to write the signed spec.")
    Path out;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        JsonObject doc;
        long fileSize;
        try {
            // streamed (a table of millions of entries is held flat); signing vouches for what the runtime cannot re-check
            // (curved sensitivities), so read under a policy that allows it
            RuntimePolicy policy = RuntimePolicy.builder().allowUncheckedSensitivity().inputPolicies(java.util.EnumSet.allOf(InputPolicy.class))
                    .numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
            doc = progressOption.loading("validating " + file.getFileName() + " before signing", file, policy).document();
            fileSize = Files.size(file);
        } catch (IOException e) {
            throw SpecFiles.ioError(file, e);
        } catch (InvalidSpecException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, file + ": invalid spec: " + e.getMessage(), e);
        }
        JsonObject signed;
        try {
            java.security.PrivateKey key = SpecSignature.privateKey(Files.readString(keyFile));
            JsonObject document = doc;
            // the canonical form of a big spec is hashed and signed in one pass: seconds for millions of entries
            org.optimech.designer.common.Progress progress = progressOption.progress(); // one instance: its heartbeat is left out while the task runs
            signed = progress.running("signing the canonical form of " + file.getFileName() + " with key " + keyId, 5, () -> {
                // the canonical form is about the file's size (the file adds its layout): an estimate, raised if passed
                org.optimech.designer.common.Progress.Task hashed = progress.task("signing " + file.getFileName()
                        + " (bytes of the canonical form hashed, of about the file's size)", fileSize);
                JsonObject s = SpecSignature.sign(document, key, keyId, bytes -> hashed.advance(bytes - hashed.completed(), null));
                hashed.done();
                return s;
            });
        } catch (IOException e) {
            throw SpecFiles.ioError(keyFile, e);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, keyFile + ": " + e.getMessage(), e);
        }
        try {
            progressOption.progress().stage("writing the signed spec to " + out);
            org.optimech.designer.common.AtomicFiles.write(out.toAbsolutePath(), o -> {
                JsonStreamWriter w = JsonStreamWriter.pretty(o); // streamed, as the designer writes specs
                w.value(signed);
                w.flush();
            });
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        }
        spec.commandLine().getOut().printf("signed %s with key %s -> %s%n", file, keyId, out);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
