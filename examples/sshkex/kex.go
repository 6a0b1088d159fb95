package main

import (
	"crypto"
	"crypto/ecdh"
	"crypto/rand"
	_ "crypto/sha256" // crypto.SHA256 for mlkem768x25519-sha256
	_ "crypto/sha512" // crypto.SHA512 for sntrup761x25519-sha512
	"fmt"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/sntrup"
)

// x25519Size is the size of an X25519 public key and shared secret.
const x25519Size = 32

// A kemKey is a client's decapsulation key, for one exchange.
type kemKey interface {
	encapsulationKey() []byte
	decapsulate(ciphertext []byte) ([]byte, error)
}

// A method is one of the hybrid key exchanges: a KEM and X25519, with the
// shared secret K = HASH(K_PQ ‖ K_CL) (the KEM's shared key, then the
// X25519 shared secret, both raw bytes), encoded as a string wherever the
// exchange hash and the key derivation use K. RFC 9941, Section 3, defines
// sntrup761x25519-sha512 (HASH is SHA-512); draft-ietf-sshm-mlkem-hybrid-kex,
// Section 2.4, defines mlkem768x25519-sha256 (HASH is SHA-256) the same
// way. The client sends C_INIT = C_PK2 ‖ C_PK1 (the KEM encapsulation key,
// then its X25519 share) in SSH_MSG_KEX_ECDH_INIT; the server replies with
// S_REPLY = S_CT2 ‖ S_PK1 (the KEM ciphertext, then its X25519 share) in
// SSH_MSG_KEX_ECDH_REPLY, with its host key and its signature of the
// exchange hash.
type method struct {
	kem            string // for messages: "sntrup761", "ML-KEM-768"
	hash           crypto.Hash
	ekSize, ctSize int
	generate       func() (kemKey, error)
	encapsulate    func(ek []byte) (sharedKey, ciphertext []byte, err error)
}

var (
	sntrup761 = &method{
		kem:    "sntrup761",
		hash:   crypto.SHA512,
		ekSize: sntrup.EncapsulationKeySize761,
		ctSize: sntrup.CiphertextSize761,
		generate: func() (kemKey, error) {
			dk, err := sntrup.GenerateKey761()
			return sntrupKey{dk}, err
		},
		encapsulate: encapsulateWith(sntrup.NewEncapsulationKey761),
	}
	mlkem768 = &method{
		kem:    "ML-KEM-768",
		hash:   crypto.SHA256,
		ekSize: mlkem.EncapsulationKeySize768,
		ctSize: mlkem.CiphertextSize768,
		generate: func() (kemKey, error) {
			dk, err := mlkem.GenerateKey768()
			return mlkemKey{dk}, err
		},
		encapsulate: encapsulateWith(mlkem.NewEncapsulationKey768),
	}
	// methods maps the names of RFC 9941 (both spellings: OpenSSH's
	// original one and the IANA one) and of the ML-KEM draft to their
	// method.
	methods = map[string]*method{
		kexSNTRUP:        sntrup761,
		kexSNTRUPOpenSSH: sntrup761,
		kexMLKEM:         mlkem768,
	}
)

// encapsulateWith returns the encapsulate function of a method from its
// KEM's parser of encapsulation keys.
func encapsulateWith[EK interface{ Encapsulate() ([]byte, []byte) }](parse func([]byte) (EK, error)) func([]byte) ([]byte, []byte, error) {
	return func(b []byte) ([]byte, []byte, error) {
		ek, err := parse(b)
		if err != nil {
			return nil, nil, err
		}
		ss, ct := ek.Encapsulate()
		return ss, ct, nil
	}
}

type sntrupKey struct{ dk *sntrup.DecapsulationKey761 }

func (k sntrupKey) encapsulationKey() []byte { return k.dk.EncapsulationKey().Bytes() }
func (k sntrupKey) decapsulate(ct []byte) ([]byte, error) {
	return k.dk.Decapsulate(ct)
}

type mlkemKey struct{ dk *mlkem.DecapsulationKey768 }

func (k mlkemKey) encapsulationKey() []byte { return k.dk.EncapsulationKey().Bytes() }
func (k mlkemKey) decapsulate(ct []byte) ([]byte, error) {
	return k.dk.Decapsulate(ct)
}

// sharedSecret returns K = HASH(K_PQ ‖ K_CL), encoded as a string.
func (m *method) sharedSecret(kPQ, kCL []byte) []byte {
	h := m.hash.New()
	h.Write(kPQ)
	h.Write(kCL)
	return appendString(nil, h.Sum(nil))
}

// transcript holds what the exchange hash covers besides the key exchange
// messages: both identification strings (without CR LF) and both KEXINIT
// payloads.
type transcript struct {
	clientVersion, serverVersion string
	clientKexInit, serverKexInit []byte
}

// exchangeHash returns H = HASH(string V_C ‖ string V_S ‖ string I_C ‖
// string I_S ‖ string K_S ‖ string C_INIT ‖ string S_REPLY ‖ K), with K
// already encoded as a string (RFC 9941, Section 3; the ML-KEM draft,
// Section 2.5; the order of RFC 5656, Section 4, with Q_C and Q_S replaced
// by C_INIT and S_REPLY).
func (m *method) exchangeHash(tr *transcript, hostKey, cInit, sReply, k []byte) []byte {
	h := m.hash.New()
	for _, s := range [][]byte{[]byte(tr.clientVersion), []byte(tr.serverVersion),
		tr.clientKexInit, tr.serverKexInit, hostKey, cInit, sReply} {
		h.Write(appendString(nil, s))
	}
	h.Write(k)
	return h.Sum(nil)
}

// serverSide runs the server's computation on the client's C_INIT: it
// encapsulates to the client's KEM key and completes X25519 with x, and
// returns S_REPLY and the encoded K.
func (m *method) serverSide(cInit []byte, x *ecdh.PrivateKey) (sReply, k []byte, err error) {
	if len(cInit) != m.ekSize+x25519Size {
		return nil, nil, fmt.Errorf("client's init of %d bytes, expected %d (%s encapsulation key %d + X25519 share %d)",
			len(cInit), m.ekSize+x25519Size, m.kem, m.ekSize, x25519Size)
	}
	kPQ, ct, err := m.encapsulate(cInit[:m.ekSize])
	if err != nil {
		return nil, nil, fmt.Errorf("client's %s encapsulation key: %w", m.kem, err)
	}
	kCL, err := x25519(x, cInit[m.ekSize:])
	if err != nil {
		return nil, nil, fmt.Errorf("X25519 with the client's share: %w", err)
	}
	sReply = append(ct, x.PublicKey().Bytes()...)
	return sReply, m.sharedSecret(kPQ, kCL), nil
}

// clientSide runs the client's computation on the server's S_REPLY with
// its KEM key dk and X25519 key x, and returns the encoded K. A changed
// ciphertext is not an error here (decapsulation then gives the implicit
// rejection key), and neither is a changed X25519 share unless it gives
// the all-zero secret: the changed K then makes the exchange hash differ
// and the server's signature fail.
func (m *method) clientSide(sReply []byte, dk kemKey, x *ecdh.PrivateKey) ([]byte, error) {
	if len(sReply) != m.ctSize+x25519Size {
		return nil, fmt.Errorf("server's reply of %d bytes, expected %d (%s ciphertext %d + X25519 share %d)",
			len(sReply), m.ctSize+x25519Size, m.kem, m.ctSize, x25519Size)
	}
	kPQ, err := dk.decapsulate(sReply[:m.ctSize])
	if err != nil {
		return nil, fmt.Errorf("decapsulating the server's %s ciphertext: %w", m.kem, err)
	}
	kCL, err := x25519(x, sReply[m.ctSize:])
	if err != nil {
		return nil, fmt.Errorf("X25519 with the server's share: %w", err)
	}
	return m.sharedSecret(kPQ, kCL), nil
}

// x25519 returns the shared secret of x and the peer's share. crypto/ecdh
// rejects an all-zero result (a low-order point), as RFC 8731, Section 3,
// requires.
func x25519(x *ecdh.PrivateKey, share []byte) ([]byte, error) {
	peer, err := ecdh.X25519().NewPublicKey(share)
	if err != nil {
		return nil, err
	}
	return x.ECDH(peer)
}

// newX25519 generates an ephemeral X25519 key.
func newX25519() (*ecdh.PrivateKey, error) { return ecdh.X25519().GenerateKey(rand.Reader) }
