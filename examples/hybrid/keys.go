package main

import (
	"bytes"
	"crypto"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/keyformat"
)

// Key files are PEM. keygen writes the standard forms: "PRIVATE KEY" (PKCS#8,
// RFC 5958, holding the seed) and "PUBLIC KEY" (SubjectPublicKeyInfo, RFC
// 5280), through package keyformat for ML-KEM (RFC 9935) and ML-DSA (RFC
// 9881) and through xwing_keys.go for X-Wing. The files of earlier versions
// of the tool, one block whose type names the algorithm, are still read:
//
//	ML-KEM-768 SEED                the 64-byte seed d‖z
//	ML-KEM-768 ENCAPSULATION KEY   the FIPS 203 encapsulation key
//	ML-DSA-65 SEED                 the 32-byte seed ξ
//	ML-DSA-65 PUBLIC KEY           the FIPS 204 public key
//
// and the same for ML-KEM-512, ML-KEM-1024, ML-DSA-44 and ML-DSA-87.
//
// A recipient may also be given as one line: the standard Base64 of its
// SubjectPublicKeyInfo (what "hybrid pub -line" prints).
const (
	pemPrivateKey          = "PRIVATE KEY"
	pemPublicKey           = "PUBLIC KEY"
	oldPEMSeed             = " SEED"
	oldPEMEncapsulationKey = " ENCAPSULATION KEY"
	oldPEMPublicKey        = " PUBLIC KEY"
)

// parsedKey is one key read from a file: exactly one of its fields other
// than the sets is set.
type parsedKey struct {
	kemSet *kemSet
	dk     decapsulationKey    // a recipient's private key
	ek     crypto.Encapsulator // a recipient's public key
	dsaSet *dsaSet
	sk     *mldsa.PrivateKey // a sender's signing key
	pk     *mldsa.PublicKey  // a sender's verification key
}

// kind describes the key for messages about a key of the wrong kind.
func (k *parsedKey) kind() string {
	switch {
	case k.dk != nil:
		return "an " + k.kemSet.name + " private key (for decrypt -k)"
	case k.ek != nil:
		return "an " + k.kemSet.name + " public key (for encrypt -r)"
	case k.sk != nil:
		return "an " + k.dsaSet.name + " signing key (private, for encrypt -sign)"
	default:
		return "an " + k.dsaSet.name + " verification key (public, for decrypt -verify)"
	}
}

// parseKeyBlock parses one PEM block of any type the tool reads.
func parseKeyBlock(b *pem.Block) (*parsedKey, error) {
	if len(b.Headers) != 0 {
		return nil, fmt.Errorf("PEM block %q has headers (encrypted keys are not supported)", b.Type)
	}
	switch b.Type {
	case pemPrivateKey:
		if hasXWingOID(b.Bytes, true) {
			dk, err := parseXWingPKCS8(b.Bytes)
			if err != nil {
				return nil, err
			}
			return &parsedKey{kemSet: xwingSet, dk: dk}, nil
		}
		key, err := keyformat.ParsePKCS8PrivateKey(b.Bytes)
		if err != nil {
			return nil, err
		}
		return classify(key)
	case pemPublicKey:
		return parseSPKI(b.Bytes)
	}
	for _, s := range kemSets {
		switch b.Type {
		case s.name + oldPEMSeed:
			if len(b.Bytes) != s.seedSize {
				return nil, fmt.Errorf("an %s seed is %d bytes, found %d", s.name, s.seedSize, len(b.Bytes))
			}
			dk, err := s.newDecapsulationKey(b.Bytes)
			if err != nil {
				return nil, err
			}
			return &parsedKey{kemSet: s, dk: dk}, nil
		case s.name + oldPEMEncapsulationKey:
			if len(b.Bytes) != s.encapsulationKeySize {
				return nil, fmt.Errorf("an %s encapsulation key is %d bytes, found %d", s.name, s.encapsulationKeySize, len(b.Bytes))
			}
			ek, err := s.newEncapsulationKey(b.Bytes)
			if err != nil {
				// For instance the FIPS 203 §7.2 modulus check: a coefficient ≥ q.
				return nil, fmt.Errorf("invalid %s encapsulation key: %w", s.name, err)
			}
			return &parsedKey{kemSet: s, ek: ek}, nil
		}
	}
	for _, s := range dsaSets {
		switch b.Type {
		case s.name + oldPEMSeed:
			sk, err := mldsa.NewPrivateKey(s.params, b.Bytes)
			if err != nil {
				return nil, fmt.Errorf("%s seed: %w", s.name, err)
			}
			return &parsedKey{dsaSet: s, sk: sk}, nil
		case s.name + oldPEMPublicKey:
			pk, err := mldsa.NewPublicKey(s.params, b.Bytes)
			if err != nil {
				return nil, fmt.Errorf("invalid %s public key: %w", s.name, err)
			}
			return &parsedKey{dsaSet: s, pk: pk}, nil
		}
	}
	return nil, fmt.Errorf("PEM type %q is not a key this tool knows", b.Type)
}

// parseSPKI parses a DER SubjectPublicKeyInfo of any scheme the tool knows.
func parseSPKI(der []byte) (*parsedKey, error) {
	if hasXWingOID(der, false) {
		ek, err := parseXWingSPKI(der)
		if err != nil {
			return nil, err
		}
		return &parsedKey{kemSet: xwingSet, ek: ek}, nil
	}
	key, err := keyformat.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, err
	}
	return classify(key)
}

// classify wraps a key returned by package keyformat.
func classify(key any) (*parsedKey, error) {
	set := func(bits string) *kemSet {
		s, err := kemSetByBits(bits)
		if err != nil {
			panic("hybrid: no ML-KEM-" + bits)
		}
		return s
	}
	switch k := key.(type) {
	case *mlkem.DecapsulationKey512:
		return &parsedKey{kemSet: set("512"), dk: k}, nil
	case *mlkem.DecapsulationKey768:
		return &parsedKey{kemSet: set("768"), dk: k}, nil
	case *mlkem.DecapsulationKey1024:
		return &parsedKey{kemSet: set("1024"), dk: k}, nil
	case *mlkem.EncapsulationKey512:
		return &parsedKey{kemSet: set("512"), ek: k}, nil
	case *mlkem.EncapsulationKey768:
		return &parsedKey{kemSet: set("768"), ek: k}, nil
	case *mlkem.EncapsulationKey1024:
		return &parsedKey{kemSet: set("1024"), ek: k}, nil
	case *mldsa.PrivateKey:
		return &parsedKey{dsaSet: dsaSetOf(k.Parameters()), sk: k}, nil
	case *mldsa.PublicKey:
		return &parsedKey{dsaSet: dsaSetOf(k.Parameters()), pk: k}, nil
	}
	return nil, fmt.Errorf("unsupported key type %T", key)
}

// parseKeyFile parses every PEM block of data, the contents of path. Only
// white space may stand between and after the blocks, and lines starting
// with '#' before a block.
func parseKeyFile(path string, data []byte) ([]*parsedKey, error) {
	var keys []*parsedKey
	rest := data
	for {
		block, after := pem.Decode(rest)
		if block == nil {
			break
		}
		if skipped := rest[:bytes.Index(rest, []byte("-----BEGIN"))]; !onlyComments(skipped) {
			return nil, fmt.Errorf("%s: unexpected text before PEM block %d", path, len(keys)+1)
		}
		k, err := parseKeyBlock(block)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		keys = append(keys, k)
		rest = after
	}
	switch {
	case len(keys) == 0:
		return nil, fmt.Errorf("%s: not a PEM key file", path)
	case len(bytes.TrimSpace(rest)) != 0:
		return nil, fmt.Errorf("%s: unexpected data after the PEM blocks", path)
	}
	return keys, nil
}

// onlyComments reports whether b holds only blank lines and lines that
// start with '#'.
func onlyComments(b []byte) bool {
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return false
		}
	}
	return true
}

// errWrongKind reports a key file that holds a key of another kind.
func errWrongKind(path string, k *parsedKey, want string) error {
	return fmt.Errorf("%s holds %s; want %s", path, k.kind(), want)
}

// readKeys reads and parses every key of the file path; want describes the
// expected key for messages.
func readKeys(path, want string) ([]*parsedKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseKeys(path, data, want)
}

// parseKeys is readKeys on the contents data of path.
func parseKeys(path string, data []byte, want string) ([]*parsedKey, error) {
	keys, err := parseKeyFile(path, data)
	if err != nil {
		return nil, fmt.Errorf("%w; want %s", err, want)
	}
	return keys, nil
}

// readIdentities reads a private key file for decrypt -k: one or more
// recipient private keys.
func readIdentities(path string) ([]identity, error) {
	const want = "a recipient's private key (NAME.key)"
	keys, err := readKeys(path, want)
	if err != nil {
		return nil, err
	}
	var ids []identity
	for _, k := range keys {
		if k.dk == nil {
			return nil, errWrongKind(path, k, want)
		}
		ids = append(ids, identity{k.kemSet, k.dk})
	}
	return ids, nil
}

// readRecipients reads the recipients named by one -r or -R argument: a file
// of PEM public keys, or of one Base64 SubjectPublicKeyInfo per line (blank
// lines and lines starting with '#' are skipped). A -r argument that names
// no file may be such a line itself.
func readRecipients(arg string, literalAllowed bool) ([]recipient, error) {
	data, err := os.ReadFile(arg)
	if err != nil {
		// A key line is no file name: it is not found or, when a run of
		// more than 255 characters lies between its '/'s, too long to be one.
		notFile := errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG)
		if literalAllowed && notFile && looksLikeKeyLine(arg) {
			r, lerr := parseRecipientLine(arg)
			if lerr != nil {
				return nil, fmt.Errorf("-r: %w", lerr)
			}
			return []recipient{r}, nil
		}
		return nil, err
	}
	const want = "a recipient's public key (NAME.pub)"
	if !bytes.Contains(data, []byte("-----BEGIN")) {
		return parseRecipientLines(arg, data)
	}
	keys, err := parseKeys(arg, data, want)
	if err != nil {
		return nil, err
	}
	var rs []recipient
	for _, k := range keys {
		if k.ek == nil {
			return nil, errWrongKind(arg, k, want)
		}
		rs = append(rs, recipient{k.kemSet, k.ek})
	}
	return rs, nil
}

// looksLikeKeyLine reports whether s could be a Base64 public key rather
// than a file name: long, and all Base64 characters.
func looksLikeKeyLine(s string) bool {
	return len(s) > 100 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") == ""
}

// parseRecipientLines parses a recipients file of one key per line.
func parseRecipientLines(path string, data []byte) ([]recipient, error) {
	var rs []recipient
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r, err := parseRecipientLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s, line %d: %w", path, i+1, err)
		}
		rs = append(rs, r)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("%s: no public key (want PEM blocks, or one Base64 public key per line)", path)
	}
	return rs, nil
}

// parseRecipientLine parses one Base64 SubjectPublicKeyInfo.
func parseRecipientLine(line string) (recipient, error) {
	der, err := base64.StdEncoding.Strict().DecodeString(line)
	if err != nil {
		return recipient{}, errors.New("not a Base64 public key (hybrid pub -line prints one)")
	}
	k, err := parseSPKI(der)
	if err != nil {
		return recipient{}, err
	}
	if k.ek == nil {
		return recipient{}, fmt.Errorf("holds %s; want a recipient's public key", k.kind())
	}
	return recipient{k.kemSet, k.ek}, nil
}

// publicKeyLine returns the one-line form of a recipient: the Base64 of its
// SubjectPublicKeyInfo.
func publicKeyLine(set *kemSet, ek crypto.Encapsulator) (string, error) {
	der, err := marshalSPKI(set, ek)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(der), nil
}

// marshalSPKI encodes a recipient's public key as a SubjectPublicKeyInfo.
func marshalSPKI(set *kemSet, ek crypto.Encapsulator) ([]byte, error) {
	if set == xwingSet {
		return marshalXWingSPKI(ek.(*xwingEncapsulationKey))
	}
	// The Encapsulator of an ML-KEM-768 or -1024 private key is the
	// crypto/mlkem key of the same bytes (so that crypto/hpke accepts it);
	// keyformat takes kem/mlkem's own.
	own, err := set.newEncapsulationKey(ek.Bytes())
	if err != nil {
		return nil, err
	}
	return keyformat.MarshalPKIXPublicKey(own)
}

// marshalPKCS8 encodes a recipient's private key (seed form) as PKCS#8.
func marshalPKCS8(set *kemSet, dk decapsulationKey) ([]byte, error) {
	if set == xwingSet {
		return marshalXWingPKCS8(dk.(*xwingDecapsulationKey))
	}
	return keyformat.MarshalPKCS8PrivateKey(dk)
}

// keyPEM returns der as a PEM block of type typ.
func keyPEM(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

// writeKeyPair writes name.key (mode 0600) and name.pub (0644), both less
// the umask. It refuses to replace existing files unless force.
func writeKeyPair(name string, force bool, priv, pub []byte) error {
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
	if err := writeFileAtomic(pubPath, pub, 0o644); err != nil {
		return err
	}
	if err := writeFileAtomic(keyPath, priv, 0o600); err != nil {
		os.Remove(pubPath)
		return err
	}
	return nil
}

// kemKeygen generates a recipient key pair and writes name.key and name.pub.
func kemKeygen(name string, set *kemSet, force bool) error {
	dk, err := set.generateKey()
	if err != nil {
		return err
	}
	priv, err := marshalPKCS8(set, dk)
	if err != nil {
		return err
	}
	pub, err := marshalSPKI(set, dk.Encapsulator())
	if err != nil {
		return err
	}
	return writeKeyPair(name, force, keyPEM(pemPrivateKey, priv), keyPEM(pemPublicKey, pub))
}

// dsaKeygen generates an ML-DSA key pair of set and writes name.key and
// name.pub.
func dsaKeygen(name string, set *dsaSet, force bool) error {
	sk, err := mldsa.GenerateKey(set.params)
	if err != nil {
		return err
	}
	priv, err := keyformat.MarshalPEM(sk)
	if err != nil {
		return err
	}
	pub, err := keyformat.MarshalPEM(sk.PublicKey())
	if err != nil {
		return err
	}
	return writeKeyPair(name, force, priv, pub)
}

// publicKeysOf reads a private key file of any kind and returns the PEM
// public key of each key in it, for "hybrid pub" (and keygen -y); with
// line, the one-line form of each recipient key instead.
func publicKeysOf(path string, data []byte, line bool) ([]byte, error) {
	keys, err := parseKeyFile(path, data)
	if err != nil {
		return nil, err
	}
	var out []byte
	for _, k := range keys {
		switch {
		case k.dk != nil && line:
			l, err := publicKeyLine(k.kemSet, k.dk.Encapsulator())
			if err != nil {
				return nil, err
			}
			out = append(out, l+"\n"...)
		case k.dk != nil:
			der, err := marshalSPKI(k.kemSet, k.dk.Encapsulator())
			if err != nil {
				return nil, err
			}
			out = append(out, keyPEM(pemPublicKey, der)...)
		case k.sk != nil && !line:
			p, err := keyformat.MarshalPEM(k.sk.PublicKey())
			if err != nil {
				return nil, err
			}
			out = append(out, p...)
		case k.sk != nil:
			return nil, fmt.Errorf("%s holds %s: -line is for recipient keys", path, k.kind())
		default:
			return nil, fmt.Errorf("%s holds %s, already public; want a private key", path, k.kind())
		}
	}
	return out, nil
}

// keyPath returns path, or path+ext when only that exists, so that
// "-sign alice" finds alice.key.
func keyPath(path, ext string) string {
	if _, err := os.Stat(path); err != nil && !strings.HasSuffix(path, ext) {
		if _, err := os.Stat(path + ext); err == nil {
			return path + ext
		}
	}
	return path
}

// readOneKey reads a file that must hold exactly one key, of the kind
// that ok accepts.
func readOneKey(path, want string, ok func(*parsedKey) bool) (*parsedKey, error) {
	keys, err := readKeys(path, want)
	if err != nil {
		return nil, err
	}
	if len(keys) != 1 {
		return nil, fmt.Errorf("%s holds %d keys; want one, %s", path, len(keys), want)
	}
	if !ok(keys[0]) {
		return nil, errWrongKind(path, keys[0], want)
	}
	return keys[0], nil
}

// readSigningKey reads an ML-DSA NAME.key file of any set.
func readSigningKey(path string) (*mldsa.PrivateKey, error) {
	k, err := readOneKey(keyPath(path, ".key"), "the sender's ML-DSA signing key (hybrid keygen -dsa SET)",
		func(k *parsedKey) bool { return k.sk != nil })
	if err != nil {
		return nil, err
	}
	return k.sk, nil
}

// readVerifyingKey reads an ML-DSA NAME.pub file of any set.
func readVerifyingKey(path string) (*mldsa.PublicKey, error) {
	k, err := readOneKey(keyPath(path, ".pub"), "the sender's ML-DSA public key (NAME.pub from hybrid keygen -dsa SET)",
		func(k *parsedKey) bool { return k.pk != nil })
	if err != nil {
		return nil, err
	}
	return k.pk, nil
}
