package main

import (
	"crypto"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/moduletto/moduletto/kem"
)

var encapsCommand = &command{
	name:    "encaps",
	args:    "-k KEYFILE -o CTFILE [-secret FILE]",
	summary: "encapsulate a fresh shared key to a KEM public key",
	help: `encaps encapsulates a fresh shared key to the KEM public key (or private
key) in KEYFILE. It writes the ciphertext, raw bytes, to CTFILE and the
shared key, in hexadecimal on one line, to -secret (standard output by
default; a file is created with mode 0600). The two cannot both be
standard output.`,
	run: runEncaps,
}

func runEncaps(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	kf := keyArg{kems: true}
	kf.register(fs, "KEM public or private key `KEYFILE`")
	ctFile := fs.String("o", "", "write the ciphertext to `CTFILE` (- for standard output)")
	secret := fs.String("secret", "-", "write the shared key, hexadecimal, to `FILE`")
	force := fs.Bool("f", false, "replace existing output files")
	if _, err := parseArgs(fs, args, 0, 0); err != nil {
		return err
	}
	switch {
	case *ctFile == "":
		return usagef("-o CTFILE is required")
	case *ctFile == "-" && *secret == "-":
		return usagef("the ciphertext and the shared key cannot both go to standard output: give -secret FILE")
	}
	k, err := kf.read(e, c.name)
	if err != nil {
		return err
	}
	shared, ct := k.pub.(crypto.Encapsulator).Encapsulate()
	defer clear(shared)
	if err := e.writeOutput(*ctFile, ct, output{mode: 0o644, force: *force, binary: true}); err != nil {
		return err
	}
	if err := writeSecret(e, *secret, shared, *force); err != nil {
		if *ctFile != "-" {
			os.Remove(*ctFile) // a ciphertext without its shared key is of no use
		}
		return err
	}
	return nil
}

var decapsCommand = &command{
	name:    "decaps",
	args:    "-k KEYFILE [-secret FILE] [CTFILE|-]",
	summary: "decapsulate a shared key from a ciphertext",
	help: `decaps decapsulates the ciphertext in CTFILE (standard input when - or
absent) with the KEM private key in KEYFILE and writes the shared key, in
hexadecimal on one line, to -secret (standard output by default). ML-KEM
rejects implicitly (FIPS 203, Algorithm 18): a ciphertext of the right
size that was not made for this key gives a pseudorandom key, not an
error.`,
	run: runDecaps,
}

func runDecaps(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	kf := keyArg{kems: true, private: true}
	kf.register(fs, "KEM private key `KEYFILE`")
	secret := fs.String("secret", "-", "write the shared key, hexadecimal, to `FILE`")
	force := fs.Bool("f", false, "replace an existing output file")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	k, err := kf.read(e, c.name)
	if err != nil {
		return err
	}
	ct, err := e.readInput(argOr(pos, 0, "-"), int64(max(k.s.kem.CiphertextSize(), 1<<16)))
	if err != nil {
		return err
	}
	if len(ct) != k.s.kem.CiphertextSize() {
		return fmt.Errorf("an %s ciphertext is %d bytes, found %d", k.s.name(), k.s.kem.CiphertextSize(), len(ct))
	}
	shared, err := k.priv.(kem.DecapsulationKey).Decapsulate(ct)
	if err != nil {
		return err
	}
	defer clear(shared)
	return writeSecret(e, *secret, shared, *force)
}

// writeSecret writes a shared key in hexadecimal, a file with mode 0600.
func writeSecret(e *env, name string, shared []byte, force bool) error {
	line := []byte(hex.EncodeToString(shared) + "\n")
	defer clear(line)
	return e.writeOutput(name, line, output{mode: 0o600, force: force})
}
