package main

import (
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
	allSets  = []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-65"}
	kemOps   = []string{"keygen", "encaps", "decaps"}
	dsaOps   = []string{"keygen", "sign", "verify"}
	allImpls = []impl{
		{"moduletto", modulettoOps},
		{"crypto/mlkem", stdOps},
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

// kemOpSet builds the ops of any crypto.Decapsulator implementation (moduletto
// and crypto/mlkem): a fresh random key pair, encapsulation to a fixed key and
// decapsulation of a fixed ciphertext.
func kemOpSet[D crypto.Decapsulator](generate func() (D, error)) (opSet, error) {
	dk, err := generate()
	if err != nil {
		return nil, err
	}
	ek := dk.Encapsulator()
	_, ct := ek.Encapsulate()
	return opSet{
		"keygen": func() { generate() },
		"encaps": func() { ek.Encapsulate() },
		"decaps": func() { dk.Decapsulate(ct) },
	}, nil
}

// dsaMessage is the message signed and verified by the ML-DSA ops.
var dsaMessage = []byte("moduletto bench: a 64-byte message signed by ML-DSA-65 ........")

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
// or "65", in any case.
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

// resolveImpl accepts an implementation name, "std" or "go" for
// crypto/mlkem.
func resolveImpl(s string) (string, bool) {
	s = strings.ToLower(s)
	if s == "std" || s == "go" || s == "crypto" {
		s = "crypto/mlkem"
	}
	for _, im := range allImpls {
		if s == im.name {
			return im.name, true
		}
	}
	return "", false
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
