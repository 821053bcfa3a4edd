package org.optimech.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.concurrent.Callable;
import org.optimech.designer.common.AtomicFiles;
import org.optimech.runtime.spec.SpecSignature;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code optimech keygen --key-id NAME --out DIR}: an Ed25519 key pair for signing specs. */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = "Writes an Ed25519 key pair for signing specs: DIR/NAME.public.key (give it to runtimes) and DIR/NAME.private.key (keep it secret; "
                + "owner-only permissions where the file system has them). Both are Base64 of the standard encodings.")
final class KeygenCommand implements Callable<Integer> {
    @Option(names = "--key-id", required = true, paramLabel = "NAME", description = "The key's name, stored in every signature it makes.")
    String keyId;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR", description = "Directory for the two key files (created if needed).")
    Path out;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!keyId.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--key-id must be 1 to 64 letters, digits, '.', '_' or '-'. Provided value: " + keyId);
        }
        // SecureRandom's first seeding can wait on the system's entropy: heartbeats if it does
        KeyPair pair = progressOption.progress().running("generating an Ed25519 key pair " + keyId, 5, SpecSignature::generate);
        Path pub = out.resolve(keyId + ".public.key");
        Path priv = out.resolve(keyId + ".private.key");
        try {
            Files.createDirectories(out);
            if (Files.exists(priv)) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, priv + " exists; refusing to overwrite a private key");
            }
            Files.writeString(priv, SpecSignature.encode(pair.getPrivate()) + "\n");
            try {
                Files.setPosixFilePermissions(priv, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the README says to protect the file
            }
            AtomicFiles.writeString(pub, SpecSignature.encode(pair.getPublic()) + "\n");
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        }
        spec.commandLine().getOut().printf("wrote %s (public) and %s (private, keep it secret)%n", pub, priv);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
