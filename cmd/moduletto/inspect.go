package main

import (
	encoding_asn1 "encoding/asn1"
	"fmt"
	"io"
	"math"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

var inspectCommand = &command{
	name:    "inspect",
	args:    "[-inform pem|der|raw] [-scheme NAME] [KEYFILE|-]...",
	summary: "show a key's scheme, form, sizes and fingerprint",
	help: `inspect reads each KEYFILE (standard input when - or absent) in PEM, DER or
raw form and prints its scheme, whether it is private or public, how it is
encoded, the sizes of the scheme's values and the key's fingerprint:
SHA256: and the unpadded base64 of the SHA-256 of its SubjectPublicKeyInfo
DER, the same for a private key and its public key.`,
	run: runInspect,
}

func runInspect(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	var in inFlags
	in.register(fs)
	pos, err := parseArgs(fs, args, 0, math.MaxInt)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		pos = []string{"-"}
	}
	for i, name := range pos {
		k, err := in.read(e, name)
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		if len(pos) > 1 {
			fmt.Fprintf(e.stdout, "%-12s %s\n", "file:", name)
		}
		describe(e.stdout, k)
	}
	return nil
}

// describe prints the inspect lines of k.
func describe(w io.Writer, k *key) {
	line := func(label, format string, a ...any) {
		fmt.Fprintf(w, "%-12s %s\n", label+":", fmt.Sprintf(format, a...))
	}
	line("scheme", "%s (%s)", k.s.name(), k.s.kind())
	if der, ok := k.spki(); ok {
		line("oid", "%v", spkiOID(der))
	}
	half := "public key"
	if k.isPrivate() {
		half = "private key"
	}
	line("key", "%s", half)
	switch {
	case k.container == "PKCS#8":
		line("encoding", "%s, PKCS#8, private key form %v", k.encoding, k.form)
	case k.encoding == "raw":
		line("encoding", "raw %s", k.container)
	case k.encoding != "":
		line("encoding", "%s, %s", k.encoding, k.container)
	}
	s := k.s
	if k.isPrivate() {
		if seed, err := k.seed(); err == nil {
			line("seed", "%d bytes", len(seed))
			clear(seed)
		} else {
			line("seed", "none (read from the expanded form)")
		}
		if exp, err := k.expandedBytes(); err == nil {
			line("expanded", "%d bytes", len(exp))
			clear(exp)
		}
	} else {
		line("seed", "%d bytes (private)", s.seedSize())
	}
	line("public key", "%d bytes", s.publicKeySize())
	if s.kem != nil {
		line("ciphertext", "%d bytes", s.kem.CiphertextSize())
		line("shared key", "%d bytes", s.kem.SharedKeySize())
	} else {
		line("signature", "%d bytes", s.dsa.SignatureSize())
	}
	line("fingerprint", "%s", k.fingerprint())
}

// spkiOID returns the algorithm OID of a SubjectPublicKeyInfo that keyformat
// wrote.
func spkiOID(der []byte) encoding_asn1.ObjectIdentifier {
	in := cryptobyte.String(der)
	var spki, alg cryptobyte.String
	var oid encoding_asn1.ObjectIdentifier
	if in.ReadASN1(&spki, asn1.SEQUENCE) && spki.ReadASN1(&alg, asn1.SEQUENCE) && alg.ReadASN1ObjectIdentifier(&oid) {
		return oid
	}
	return nil
}
