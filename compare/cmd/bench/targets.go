package main

import (
	"bytes"
	"crypto"
	"fmt"
	"strings"
)

// An op is one timed operation, ready to run: all setup (keys, a ciphertext,
// a signature) is done when it is built.
type op func()

// opSet maps operation names to ops for one implementation of one
// parameter set.
type opSet map[string]op

// impl is one implementation of some parameter sets.
type impl struct {
	name string
	// build returns the ops of set, or nil if the implementation does not
	// have that parameter set.
	build func(set string) (opSet, error)
}

// Parameter sets, operations and implementations, in table order.
var (
	allSets  = []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}
	kemOps   = []string{"keygen", "encaps", "decaps"}
	dsaOps   = []string{"keygen", "sign", "verify"}
	allImpls = []impl{
		{"moduletto", modulettoOps},
		{"crypto/mlkem", stdKEMOps},
		{"crypto/mldsa", stdDSAOps},
		{"circl", circlOps},
	}
)

// baseline is the implementation the ratio column compares the others with.
const baseline = "moduletto"

// opsOf returns the operations of a parameter set.
func opsOf(set string) []string {
	if strings.HasPrefix(set, "ML-DSA") {
		return dsaOps
	}
	return kemOps
}

// kemKey is a decapsulation key of kem/mlkem or crypto/mlkem: its
// EncapsulationKey method returns the package's own encapsulation key type.
type kemKey[E crypto.Encapsulator] interface {
	crypto.Decapsulator
	EncapsulationKey() E
}

// kemOpSet builds the ops of moduletto's kem/mlkem or crypto/mlkem (the same
// API shape): a fresh random key pair, encapsulation to a fixed key and
// decapsulation of a fixed ciphertext. It encapsulates with the key
// EncapsulationKey returns, the implementation's own type: moduletto's
// Encapsulator() returns a crypto/mlkem key for ML-KEM-768 and -1024 (so
// that crypto/hpke accepts the decapsulation key), and timing that would
// measure the standard library under moduletto's name.
func kemOpSet[D kemKey[E], E crypto.Encapsulator](generate func() (D, error)) (opSet, error) {
	dk, err := generate()
	if err != nil {
		return nil, err
	}
	ek := dk.EncapsulationKey()
	_, ct := ek.Encapsulate()
	return opSet{
		"keygen": func() { generate() },
		"encaps": func() { ek.Encapsulate() },
		"decaps": func() { dk.Decapsulate(ct) },
	}, nil
}

// encapsulatorType reports the type of the encapsulation key kemOpSet times
// for D (TestBenchTimesOwnTypes checks it).
func encapsulatorType[D kemKey[E], E crypto.Encapsulator](generate func() (D, error)) (string, error) {
	dk, err := generate()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%T", dk.EncapsulationKey()), nil
}

// dsaOpSet builds the ops of moduletto's dsa/mldsa or crypto/mldsa (the same
// API shape) for set, if it is one of params: a fresh random key pair,
// hedged signing of dsaMessage with an empty context (sign) and verification
// of a fixed signature.
func dsaOpSet[P interface{ String() string }, SK interface{ PublicKey() PK }, PK any](set string, params []P,
	generate func(P) (SK, error), sign func(SK) ([]byte, error), verify func(pk PK, sig []byte) error) (opSet, error) {
	for _, p := range params {
		if p.String() != set {
			continue
		}
		sk, err := generate(p)
		if err != nil {
			return nil, err
		}
		pk := sk.PublicKey()
		sig, err := sign(sk)
		if err != nil {
			return nil, err
		}
		sig = bytes.Clone(sig) // sign may write into the same buffer every time
		return opSet{
			"keygen": func() { generate(p) },
			"sign":   func() { sign(sk) },
			"verify": func() { verify(pk, sig) },
		}, nil
	}
	return nil, nil
}

// dsaMessage is the message signed and verified by the ML-DSA ops.
var dsaMessage = []byte("moduletto bench: a 64-byte message signed by ML-DSA ...........")

// parseList splits a comma-separated flag value and maps each item through
// resolve; "all" or an empty value selects every item of all.
func parseList(flagName, value string, all []string, resolve func(string) (string, bool)) ([]string, error) {
	if value == "" || value == "all" {
		return all, nil
	}
	var out []string
	for _, item := range strings.Split(value, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, ok := resolve(item)
		if !ok {
			return nil, fmt.Errorf("-%s: unknown %q (want %s)", flagName, item, strings.Join(all, ", "))
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-%s: empty list", flagName)
	}
	return out, nil
}

// resolveSet accepts "ML-KEM-768", "mlkem768", "768", "ML-DSA-65", "mldsa65"
// or "65" and the like, in any case.
func resolveSet(s string) (string, bool) {
	norm := strings.ToLower(strings.ReplaceAll(s, "-", ""))
	for _, set := range allSets {
		full := strings.ToLower(strings.ReplaceAll(set, "-", ""))
		if norm == full || strings.TrimPrefix(strings.TrimPrefix(full, "mlkem"), "mldsa") == norm {
			return set, true
		}
	}
	return "", false
}

// resolveOp accepts an operation name and the aliases encapsulate,
// decapsulate and keygen's "generate".
func resolveOp(s string) (string, bool) {
	aliases := map[string]string{"encapsulate": "encaps", "decapsulate": "decaps", "generate": "keygen"}
	s = strings.ToLower(s)
	if a, ok := aliases[s]; ok {
		s = a
	}
	for _, o := range append(append([]string{}, kemOps...), dsaOps...) {
		if s == o {
			return o, true
		}
	}
	return "", false
}

// resolveImpl accepts an implementation name (see expandStd for "std").
func resolveImpl(s string) (string, bool) {
	s = strings.ToLower(s)
	for _, im := range allImpls {
		if s == im.name {
			return im.name, true
		}
	}
	return "", false
}

// stdAliases name the standard library's implementations together.
var stdAliases = []string{"std", "go", "crypto"}

// expandStd replaces the items "std", "go" and "crypto" of a comma-separated
// -impls value with the standard library's two implementations,
// crypto/mlkem and crypto/mldsa.
func expandStd(value string) string {
	items := strings.Split(value, ",")
	for i, item := range items {
		for _, a := range stdAliases {
			if strings.EqualFold(strings.TrimSpace(item), a) {
				items[i] = "crypto/mlkem,crypto/mldsa"
			}
		}
	}
	return strings.Join(items, ",")
}

func allOps() []string {
	return []string{"keygen", "encaps", "decaps", "sign", "verify"}
}

func implNames() []string {
	names := make([]string, len(allImpls))
	for i, im := range allImpls {
		names[i] = im.name
	}
	return names
}
