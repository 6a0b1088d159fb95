package main

import (
	"fmt"

	"github.com/moduletto/moduletto/dsa"
)

var signCommand = &command{
	name:    "sign",
	args:    "-k KEYFILE [-context STRING] [-o SIGFILE] [FILE|-]",
	summary: "sign a file (detached signature)",
	help: `sign signs FILE (standard input when - or absent) with the signature private
key in KEYFILE and writes the detached signature, raw bytes (3309 for
ML-DSA-65), to -o (standard output by default; not to a terminal).
ML-DSA signs the whole message in its pure form (FIPS 204, Algorithm 2)
with hedged randomness, under -context (at most 255 bytes, empty by
default); the file is read into memory.`,
	run: runSign,
}

func runSign(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	kf := keyArg{private: true}
	kf.register(fs, "signature private key `KEYFILE` (- for standard input)")
	context := fs.String("context", "", "context `STRING` (FIPS 204: at most 255 bytes)")
	out := fs.String("o", "-", "write the signature to `SIGFILE` (- for standard output)")
	force := fs.Bool("f", false, "replace an existing output file")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	k, err := kf.read(e, c.name)
	if err != nil {
		return err
	}
	msg, err := e.readInput(argOr(pos, 0, "-"), 0)
	if err != nil {
		return err
	}
	sig, err := k.s.dsa.Sign(k.priv.(dsa.PrivateKey), msg, *context)
	if err != nil {
		return err
	}
	return e.writeOutput(*out, sig, output{mode: 0o644, force: *force, binary: true})
}

var verifyCommand = &command{
	name:    "verify",
	args:    "-k KEYFILE -sig SIGFILE [-context STRING] [-q] [FILE|-]",
	summary: "verify a detached signature",
	help: `verify checks the detached signature in SIGFILE over FILE (standard input
when - or absent) with the public key (or private key) in KEYFILE and the
context of -context. It prints "verified" and the key's scheme and
fingerprint, and exits 0, if the signature is valid; otherwise it says why
and exits 1.`,
	run: runVerify,
}

func runVerify(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	var kf keyArg
	kf.register(fs, "signature public or private key `KEYFILE`")
	sigFile := fs.String("sig", "", "detached signature `SIGFILE`")
	context := fs.String("context", "", "context `STRING` the signature was made under")
	quiet := fs.Bool("q", false, "print nothing; the exit status tells")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	if *sigFile == "" {
		return usagef("-sig SIGFILE is required")
	}
	k, err := kf.read(e, c.name)
	if err != nil {
		return err
	}
	sig, err := e.readInput(*sigFile, int64(max(k.s.dsa.SignatureSize(), 1<<16)))
	if err != nil {
		return err
	}
	msg, err := e.readInput(argOr(pos, 0, "-"), 0)
	if err != nil {
		return err
	}
	if err := k.s.dsa.Verify(k.pub.(dsa.PublicKey), msg, sig, *context); err != nil {
		return fmt.Errorf("signature is not valid: %w", err)
	}
	if !*quiet {
		fmt.Fprintf(e.stdout, "verified: %s signature by %s\n", k.s.name(), k.fingerprint())
	}
	return nil
}
