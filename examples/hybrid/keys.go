package main

import (
	"bytes"
	"crypto"
	"encoding/pem"
	"fmt"
	"os"
	"strings"
)

// Key files are PEM. The block type names the parameter set and what the
// bytes are:
//
//	ML-KEM-768 SEED                the 64-byte seed d‖z (NAME.key, mode 0600)
//	ML-KEM-768 ENCAPSULATION KEY   the FIPS 203 encapsulation key (NAME.pub)
const (
	pemSeed             = " SEED"
	pemEncapsulationKey = " ENCAPSULATION KEY"
)

// keygen generates a key pair of the given parameter set and writes
// name.key and name.pub. It refuses to replace existing files unless force.
func keygen(name string, set *kemSet, force bool) error {
	keyPath, pubPath := name+".key", name+".pub"
	if !force {
		for _, p := range []string{keyPath, pubPath} {
			if _, err := os.Lstat(p); err == nil {
				return fmt.Errorf("%s already exists (use -f to overwrite)", p)
			}
		}
	}
	dk, err := set.generateKey()
	if err != nil {
		return err
	}
	seed := pem.EncodeToMemory(&pem.Block{Type: set.name + pemSeed, Bytes: dk.Bytes()})
	pub := pem.EncodeToMemory(&pem.Block{Type: set.name + pemEncapsulationKey, Bytes: dk.Encapsulator().Bytes()})
	if err := writeFileAtomic(keyPath, seed, 0o600); err != nil {
		return err
	}
	return writeFileAtomic(pubPath, pub, 0o644)
}

// readDecapsulationKey reads a NAME.key file.
func readDecapsulationKey(path string) (*kemSet, decapsulationKey, error) {
	set, b, err := readPEMKey(path, pemSeed, "a private .key file (decrypt takes the recipient's NAME.key)")
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

// readEncapsulationKey reads a NAME.pub file.
func readEncapsulationKey(path string) (*kemSet, crypto.Encapsulator, error) {
	set, b, err := readPEMKey(path, pemEncapsulationKey, "a public .pub file (encrypt takes the recipient's NAME.pub)")
	if err != nil {
		return nil, nil, err
	}
	if len(b) != set.encapsulationKeySize {
		return nil, nil, fmt.Errorf("%s: an %s encapsulation key is %d bytes, found %d", path, set.name, set.encapsulationKeySize, len(b))
	}
	ek, err := set.newEncapsulationKey(b)
	if err != nil {
		// FIPS 203 §7.2 modulus check: a coefficient ≥ q.
		return nil, nil, fmt.Errorf("%s: invalid %s encapsulation key: %w", path, set.name, err)
	}
	return set, ek, nil
}

// readPEMKey reads the single PEM block of path and checks that its type is
// "<parameter set><suffix>". want describes the expected file for messages.
func readPEMKey(path, suffix, want string) (*kemSet, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	block, rest := pem.Decode(data)
	if block == nil {
		return nil, nil, fmt.Errorf("%s: not a PEM key file; want %s", path, want)
	}
	if len(bytes.TrimSpace(rest)) != 0 {
		return nil, nil, fmt.Errorf("%s: unexpected data after the PEM block", path)
	}
	for _, s := range kemSets {
		switch block.Type {
		case s.name + suffix:
			return s, block.Bytes, nil
		case s.name + pemSeed, s.name + pemEncapsulationKey:
			kind := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(block.Type, s.name)))
			return nil, nil, fmt.Errorf("%s holds an %s %s; want %s", path, s.name, kind, want)
		}
	}
	return nil, nil, fmt.Errorf("%s: PEM type %q is not an ML-KEM key (this tool knows %s); want %s", path, block.Type, kemSetNames(), want)
}
