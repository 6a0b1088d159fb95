package main

import (
	"encoding/pem"
	"fmt"

	"github.com/moduletto/moduletto/keyformat"
)

// The output encodings of -outform.
const (
	outPEM = "pem"
	outDER = "der"
	outRaw = "raw"
)

// parseOutform checks an -outform value.
func parseOutform(s string) (string, error) {
	switch s {
	case outPEM, outDER, outRaw:
		return s, nil
	}
	return "", usagef("-outform %q: want pem, der or raw", s)
}

// parseForm reads a -form value: seed, expanded (or expandedKey) or both.
func parseForm(s string) (keyformat.Form, error) {
	switch s {
	case "seed":
		return keyformat.FormSeed, nil
	case "expanded", "expandedKey":
		return keyformat.FormExpanded, nil
	case "both":
		return keyformat.FormBoth, nil
	}
	return 0, usagef("-form %q: want seed, expanded or both", s)
}

// encodeKey encodes k in outform; a private key in the given form. It
// reports whether the result is binary (DER or raw).
//
// PEM and DER are PKCS#8 and SubjectPublicKeyInfo. A scheme that keyformat
// does not know has no OID for them: its PEM is the raw seed or public key
// under "<scheme> SEED" or "<scheme> PUBLIC KEY", and it has no DER. Raw is
// the seed, the expanded key or the public key.
func encodeKey(k *key, outform string, form keyformat.Form) (data []byte, binary bool, err error) {
	if k.isPrivate() {
		data, err = encodePrivate(k, outform, form)
	} else {
		data, err = encodePublic(k, outform)
	}
	return data, outform != outPEM, err
}

func encodePrivate(k *key, outform string, form keyformat.Form) ([]byte, error) {
	if outform == outRaw {
		switch form {
		case keyformat.FormSeed:
			return k.seed()
		case keyformat.FormExpanded:
			return k.expandedBytes()
		}
		return nil, fmt.Errorf("raw output holds one value: -form seed or -form expanded, not %v", form)
	}
	if _, ok := k.spki(); !ok {
		if outform == outDER {
			return nil, fmt.Errorf("%s %v: write it as pem or raw", k.s.name(), errNoStandardForm)
		}
		if form != keyformat.FormSeed {
			return nil, fmt.Errorf("%s %v: its PEM holds the seed alone (-form seed)", k.s.name(), errNoStandardForm)
		}
		seed, err := k.seed()
		if err != nil {
			return nil, err
		}
		defer clear(seed)
		return pem.EncodeToMemory(&pem.Block{Type: k.s.name() + pemSeedSuffix, Bytes: seed}), nil
	}
	if form == keyformat.FormSeed || form == keyformat.FormBoth {
		// keyformat's own message for this case names its Go constants.
		if _, err := k.seed(); err != nil {
			return nil, err
		}
	}
	der, err := keyformat.MarshalPKCS8PrivateKeyForm(k.priv, form)
	if err != nil {
		return nil, err
	}
	if outform == outDER {
		return der, nil
	}
	defer clear(der)
	return pem.EncodeToMemory(&pem.Block{Type: pemPrivateKey, Bytes: der}), nil
}

func encodePublic(k *key, outform string) ([]byte, error) {
	if outform == outRaw {
		return k.publicKeyBytes(), nil
	}
	der, ok := k.spki()
	switch {
	case ok && outform == outDER:
		return der, nil
	case ok:
		return pem.EncodeToMemory(&pem.Block{Type: pemPublicKey, Bytes: der}), nil
	case outform == outDER:
		return nil, fmt.Errorf("%s %v: write it as pem or raw", k.s.name(), errNoStandardForm)
	}
	return pem.EncodeToMemory(&pem.Block{Type: k.s.name() + pemPublicSuffix, Bytes: k.publicKeyBytes()}), nil
}
