package main

import (
	"bytes"
	"crypto"
	"encoding/pem"
	"fmt"
	"os"
)

// Key files are PEM. The block type names the algorithm and what the bytes
// are:
//
//	ML-KEM-768 SEED                the 64-byte seed d‖z (NAME.key, mode 0600)
//	ML-KEM-768 ENCAPSULATION KEY   the FIPS 203 encapsulation key (NAME.pub)
//	ML-DSA-65 SEED                 the 32-byte seed ξ (NAME.key, mode 0600)
//	ML-DSA-65 PUBLIC KEY           the FIPS 204 public key (NAME.pub)
//
// and the same for ML-KEM-512, ML-KEM-1024, ML-DSA-44 and ML-DSA-87.
const (
	pemSeed             = " SEED"
	pemEncapsulationKey = " ENCAPSULATION KEY"
	pemPublicKey        = " PUBLIC KEY"
)

// pemKinds describes every PEM type the tool writes, for error messages
// about a file of the wrong kind.
func pemKinds() map[string]string {
	kinds := map[string]string{}
	for _, s := range dsaSets {
		kinds[s.name+pemSeed] = "an " + s.name + " signing key (private)"
		kinds[s.name+pemPublicKey] = "an " + s.name + " verification key (public)"
	}
	for _, s := range kemSets {
		kinds[s.name+pemSeed] = "an " + s.name + " seed (private)"
		kinds[s.name+pemEncapsulationKey] = "an " + s.name + " encapsulation key (public)"
	}
	return kinds
}

// writeKeyPair writes name.key (mode 0600) and name.pub as PEM blocks of the
// given types. It refuses to replace existing files unless force.
func writeKeyPair(name string, force bool, privType string, priv []byte, pubType string, pub []byte) error {
	keyPath, pubPath := name+".key", name+".pub"
	if !force {
		for _, p := range []string{keyPath, pubPath} {
			if _, err := os.Lstat(p); err == nil {
				return fmt.Errorf("%s already exists (use -f to overwrite)", p)
			}
		}
	}
	// The public half first: if it cannot be written, no private key is left
	// behind; if the private half then fails, the stray public key is removed.
	if err := writeFileAtomic(pubPath, pem.EncodeToMemory(&pem.Block{Type: pubType, Bytes: pub}), 0o644); err != nil {
		return err
	}
	if err := writeFileAtomic(keyPath, pem.EncodeToMemory(&pem.Block{Type: privType, Bytes: priv}), 0o600); err != nil {
		os.Remove(pubPath)
		return err
	}
	return nil
}

// kemKeygen generates an ML-KEM key pair and writes name.key and name.pub.
func kemKeygen(name string, set *kemSet, force bool) error {
	dk, err := set.generateKey()
	if err != nil {
		return err
	}
	return writeKeyPair(name, force, set.name+pemSeed, dk.Bytes(), set.name+pemEncapsulationKey, dk.Encapsulator().Bytes())
}

// readDecapsulationKey reads an ML-KEM NAME.key file.
func readDecapsulationKey(path string) (*kemSet, decapsulationKey, error) {
	set, b, err := readKEMKey(path, pemSeed, "the recipient's ML-KEM private key (NAME.key)")
	if err != nil {
		return nil, nil, err
	}
	if len(b) != seedSize {
		return nil, nil, fmt.Errorf("%s: an %s seed is %d bytes, found %d", path, set.name, seedSize, len(b))
	}
	dk, err := set.newDecapsulationKey(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return set, dk, nil
}

// readEncapsulationKey reads an ML-KEM NAME.pub file.
func readEncapsulationKey(path string) (*kemSet, crypto.Encapsulator, error) {
	set, b, err := readKEMKey(path, pemEncapsulationKey, "the recipient's ML-KEM public key (NAME.pub)")
	if err != nil {
		return nil, nil, err
	}
	if len(b) != set.encapsulationKeySize {
		return nil, nil, fmt.Errorf("%s: an %s encapsulation key is %d bytes, found %d", path, set.name, set.encapsulationKeySize, len(b))
	}
	ek, err := set.newEncapsulationKey(b)
	if err != nil {
		// For instance the FIPS 203 §7.2 modulus check: a coefficient ≥ q.
		return nil, nil, fmt.Errorf("%s: invalid %s encapsulation key: %w", path, set.name, err)
	}
	return set, ek, nil
}

// readKEMKey reads an ML-KEM key file whose PEM type is "<set><suffix>".
func readKEMKey(path, suffix, want string) (*kemSet, []byte, error) {
	var set *kemSet
	block, err := readPEM(path, want, func(typ string) bool {
		for _, s := range kemSets {
			if typ == s.name+suffix {
				set = s
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	return set, block.Bytes, nil
}

// readPEM reads the single PEM block of path and returns it if accept takes
// its type. want describes the expected key for messages.
func readPEM(path, want string, accept func(typ string) bool) (*pem.Block, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	block, rest := pem.Decode(data)
	switch {
	case block == nil:
		return nil, fmt.Errorf("%s: not a PEM key file; want %s", path, want)
	case len(bytes.TrimSpace(rest)) != 0:
		return nil, fmt.Errorf("%s: unexpected data after the PEM block", path)
	case accept(block.Type):
		return block, nil
	}
	if kind, ok := pemKinds()[block.Type]; ok {
		return nil, fmt.Errorf("%s holds %s; want %s", path, kind, want)
	}
	return nil, fmt.Errorf("%s: PEM type %q is not a key this tool knows; want %s", path, block.Type, want)
}
