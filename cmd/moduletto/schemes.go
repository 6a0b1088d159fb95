package main

import (
	"crypto"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/moduletto/moduletto/dsa"
	"github.com/moduletto/moduletto/kem"

	// The packages below register their schemes with kem and dsa. A new
	// scheme package is added here, and every subcommand then knows it.
	_ "github.com/moduletto/moduletto/dsa/mldsa"
	_ "github.com/moduletto/moduletto/kem/mlkem"
	_ "github.com/moduletto/moduletto/kem/sntrup"
)

// A scheme is a registered KEM or signature scheme: exactly one of kem and
// dsa is set.
type scheme struct {
	kem kem.Scheme
	dsa dsa.Scheme
}

func (s scheme) name() string {
	if s.kem != nil {
		return s.kem.Name()
	}
	return s.dsa.Name()
}

// kind names what the scheme does, for messages.
func (s scheme) kind() string {
	if s.kem != nil {
		return "KEM"
	}
	return "signature"
}

func (s scheme) seedSize() int {
	if s.kem != nil {
		return s.kem.SeedSize()
	}
	return s.dsa.SeedSize()
}

func (s scheme) publicKeySize() int {
	if s.kem != nil {
		return s.kem.EncapsulationKeySize()
	}
	return s.dsa.PublicKeySize()
}

// allSchemes returns every registered scheme: the KEMs, then the signature
// schemes, each sorted by name.
func allSchemes() []scheme {
	var all []scheme
	for _, n := range kem.Schemes() {
		if s, err := kem.Lookup(n); err == nil {
			all = append(all, scheme{kem: s})
		}
	}
	for _, n := range dsa.Schemes() {
		if s, err := dsa.Lookup(n); err == nil {
			all = append(all, scheme{dsa: s})
		}
	}
	return all
}

func schemeNames(ss []scheme) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = s.name()
	}
	return strings.Join(names, ", ")
}

// kindNames lists the registered KEMs (kems true) or signature schemes.
func kindNames(kems bool) string {
	return schemeNames(slices.DeleteFunc(allSchemes(), func(s scheme) bool { return (s.kem != nil) != kems }))
}

// lookupScheme returns the registered scheme called name, ignoring case.
func lookupScheme(name string) (scheme, error) {
	all := allSchemes()
	for _, s := range all {
		if strings.EqualFold(s.name(), name) {
			return s, nil
		}
	}
	return scheme{}, fmt.Errorf("unknown scheme %q; the registered schemes are %s", name, schemeNames(all))
}

// schemeOfEncapsulator finds the registered KEM whose encapsulation keys have
// the Go type and size of ek: it parses ek's encoding with every KEM of that
// size and keeps those that return the same type. The key types of the
// registered schemes are distinct (one per ML-KEM parameter set), so a key
// that keyformat returned maps to one scheme.
func schemeOfEncapsulator(ek crypto.Encapsulator) (scheme, error) {
	b := ek.Bytes()
	var found []scheme
	for _, s := range allSchemes() {
		if s.kem == nil || s.kem.EncapsulationKeySize() != len(b) {
			continue
		}
		if k, err := s.kem.NewEncapsulationKey(b); err == nil && reflect.TypeOf(k) == reflect.TypeOf(ek) {
			found = append(found, s)
		}
	}
	return oneScheme(found, fmt.Sprintf("%T", ek))
}

// schemeOfDecapsulationKey finds the registered KEM whose decapsulation keys
// have the Go type of dk, among those whose encapsulation keys have the
// size of dk's: it derives a key of each from an all-zero seed to learn its
// type.
func schemeOfDecapsulationKey(dk kem.DecapsulationKey) (scheme, error) {
	n := len(dk.Encapsulator().Bytes())
	var found []scheme
	for _, s := range allSchemes() {
		if s.kem == nil || s.kem.EncapsulationKeySize() != n {
			continue
		}
		if k, err := s.kem.NewDecapsulationKey(make([]byte, s.kem.SeedSize())); err == nil && reflect.TypeOf(k) == reflect.TypeOf(dk) {
			found = append(found, s)
		}
	}
	return oneScheme(found, fmt.Sprintf("%T", dk))
}

// schemeOfPublicKey finds the registered signature scheme that parses pub's
// encoding to a key equal to pub.
func schemeOfPublicKey(pub dsa.PublicKey) (scheme, error) {
	b := pub.Bytes()
	var found []scheme
	for _, s := range allSchemes() {
		if s.dsa == nil || s.dsa.PublicKeySize() != len(b) {
			continue
		}
		if k, err := s.dsa.NewPublicKey(b); err == nil && k.Equal(pub) {
			found = append(found, s)
		}
	}
	return oneScheme(found, fmt.Sprintf("%T", pub))
}

func oneScheme(found []scheme, what string) (scheme, error) {
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return scheme{}, fmt.Errorf("no registered scheme has keys of type %s", what)
	}
	return scheme{}, fmt.Errorf("keys of type %s match several schemes: %s", what, schemeNames(found))
}

// rawCandidates returns the schemes whose seed or public key is n bytes.
func rawCandidates(n int) []scheme {
	return slices.DeleteFunc(allSchemes(), func(s scheme) bool {
		return s.seedSize() != n && s.publicKeySize() != n
	})
}
