package compare

import (
	"crypto"
	stdmldsa "crypto/mldsa"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// The three implementations of ML-DSA the cross-checks compare — moduletto's
// dsa/mldsa, Go 1.27's crypto/mldsa and CIRCL v1.6.5's sign/mldsa — each
// seen through the same small interface: byte strings in, byte strings and
// verdicts out.

// dsaImpl is one implementation of one ML-DSA parameter set.
type dsaImpl struct {
	name string
	// newKey derives the key pair from the 32-byte seed ξ
	// (ML-DSA.KeyGen_internal, FIPS 204, Algorithm 6).
	newKey func(seed []byte) dsaKey
	// parse decodes a public key; it must accept anything and reject
	// encodings of the wrong length.
	parse func(pk []byte) (dsaPublicKey, error)
}

// dsaKey is a private key of one implementation.
type dsaKey interface {
	publicKey() []byte
	// expanded is the FIPS 204 skEncode form, nil where the
	// implementation does not expose it (crypto/mldsa).
	expanded() []byte
	// sign signs msg under ctx, hedged unless deterministic.
	sign(msg, ctx []byte, deterministic bool) ([]byte, error)
	// signTo is deterministic sign into sig, for the benchmarks: without
	// allocating where the implementation can.
	signTo(sig, msg, ctx []byte) error
	// signMu signs a precomputed 64-byte μ (external μ, RFC 9881);
	// errors.ErrUnsupported where the implementation cannot (CIRCL).
	signMu(mu []byte, deterministic bool) ([]byte, error)
}

// dsaPublicKey is a parsed public key of one implementation.
type dsaPublicKey interface {
	verify(msg, ctx, sig []byte) bool
}

// dsaSet gathers the implementations of one parameter set; impls[0] is
// moduletto's.
type dsaSet struct {
	name    string
	ours    mldsa.Parameters
	std     stdmldsa.Parameters
	sigSize int
	impls   []dsaImpl
}

var dsaSets = []dsaSet{
	newDSASet(mldsa.MLDSA44(), stdmldsa.MLDSA44(),
		circlDSAImpl[mldsa44.PublicKey, mldsa44.PrivateKey](mldsa44.Scheme())),
	newDSASet(mldsa.MLDSA65(), stdmldsa.MLDSA65(),
		circlDSAImpl[mldsa65.PublicKey, mldsa65.PrivateKey](mldsa65.Scheme())),
	newDSASet(mldsa.MLDSA87(), stdmldsa.MLDSA87(),
		circlDSAImpl[mldsa87.PublicKey, mldsa87.PrivateKey](mldsa87.Scheme())),
}

// dsaSetByName returns the set called name ("ML-DSA-65").
func dsaSetByName(name string) dsaSet {
	for _, s := range dsaSets {
		if s.name == name {
			return s
		}
	}
	panic("compare: no parameter set " + name)
}

func newDSASet(ours mldsa.Parameters, std stdmldsa.Parameters, circl dsaImpl) dsaSet {
	return dsaSet{
		name:    ours.String(),
		ours:    ours,
		std:     std,
		sigSize: ours.SignatureSize(),
		impls:   []dsaImpl{oursDSAImpl(ours), stdDSAImpl(std), circl},
	}
}

// goDSAImpl builds the dsaImpl of moduletto or crypto/mldsa, whose key
// constructors have the same shape; key and pub wrap the keys they return.
func goDSAImpl[P, SK, PK any](name string, p P,
	newPrivateKey func(P, []byte) (SK, error), newPublicKey func(P, []byte) (PK, error),
	key func(SK) dsaKey, pub func(PK) dsaPublicKey) dsaImpl {
	return dsaImpl{
		name:   name,
		newKey: func(seed []byte) dsaKey { return key(must(newPrivateKey(p, seed))) },
		parse: func(b []byte) (dsaPublicKey, error) {
			k, err := newPublicKey(p, b)
			return pub(k), err
		},
	}
}

// goSigner is the signing API moduletto's and crypto/mldsa's private keys
// share.
type goSigner interface {
	Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error)
	SignDeterministic(message []byte, opts crypto.SignerOpts) ([]byte, error)
}

// goSign signs message under opts with sk, hedged unless deterministic.
func goSign(sk goSigner, message []byte, opts crypto.SignerOpts, deterministic bool) ([]byte, error) {
	if deterministic {
		return sk.SignDeterministic(message, opts)
	}
	return sk.Sign(nil, message, opts)
}

// oursKey is a moduletto key; tests reach the *mldsa.PrivateKey through it.
type oursKey struct{ sk *mldsa.PrivateKey }

func oursDSAImpl(p mldsa.Parameters) dsaImpl {
	return goDSAImpl("moduletto", p, mldsa.NewPrivateKey, mldsa.NewPublicKey,
		func(sk *mldsa.PrivateKey) dsaKey { return oursKey{sk} },
		func(pk *mldsa.PublicKey) dsaPublicKey { return oursPublicKey{pk} })
}

func (k oursKey) publicKey() []byte { return k.sk.PublicKeyBytes() }
func (k oursKey) expanded() []byte  { return k.sk.ExpandedBytes() }

func (k oursKey) sign(msg, ctx []byte, deterministic bool) ([]byte, error) {
	return goSign(k.sk, msg, &mldsa.Options{Context: string(ctx)}, deterministic)
}

func (k oursKey) signTo(sig, msg, ctx []byte) error {
	return k.sk.SignTo(sig, msg, &mldsa.Options{Context: string(ctx)}, true)
}

func (k oursKey) signMu(mu []byte, deterministic bool) ([]byte, error) {
	if deterministic {
		return mldsa.SignExternalMuDeterministic(k.sk, mu)
	}
	return mldsa.SignExternalMu(k.sk, mu)
}

type oursPublicKey struct{ pk *mldsa.PublicKey }

func (k oursPublicKey) verify(msg, ctx, sig []byte) bool {
	return mldsa.Verify(k.pk, msg, sig, &mldsa.Options{Context: string(ctx)}) == nil
}

type stdKey struct{ sk *stdmldsa.PrivateKey }

func stdDSAImpl(p stdmldsa.Parameters) dsaImpl {
	return goDSAImpl("crypto/mldsa", p, stdmldsa.NewPrivateKey, stdmldsa.NewPublicKey,
		func(sk *stdmldsa.PrivateKey) dsaKey { return stdKey{sk} },
		func(pk *stdmldsa.PublicKey) dsaPublicKey { return stdPublicKey{pk} })
}

func (k stdKey) publicKey() []byte { return k.sk.PublicKey().Bytes() }
func (k stdKey) expanded() []byte  { return nil }

func (k stdKey) sign(msg, ctx []byte, deterministic bool) ([]byte, error) {
	return goSign(k.sk, msg, &stdmldsa.Options{Context: string(ctx)}, deterministic)
}

// signTo copies: crypto/mldsa has no signing into a caller buffer.
func (k stdKey) signTo(sig, msg, ctx []byte) error {
	s, err := k.sk.SignDeterministic(msg, &stdmldsa.Options{Context: string(ctx)})
	copy(sig, s)
	return err
}

func (k stdKey) signMu(mu []byte, deterministic bool) ([]byte, error) {
	return goSign(k.sk, mu, crypto.MLDSAMu, deterministic)
}

type stdPublicKey struct{ pk *stdmldsa.PublicKey }

func (k stdPublicKey) verify(msg, ctx, sig []byte) bool {
	return stdmldsa.Verify(k.pk, msg, sig, &stdmldsa.Options{Context: string(ctx)}) == nil
}

// circlDSAImpl adapts one of CIRCL's packages mldsa44, mldsa65 and mldsa87:
// keys through its sign.Scheme, signing and verification through the
// package functions SignTo and Verify (see circlSignTo, circlVerify),
// which take a context and choose hedged or deterministic signing. The
// adapted keys hold one pointer each, so they box into dsaKey and
// dsaPublicKey without allocating, and the benchmarks count only CIRCL's
// own allocations.
func circlDSAImpl[PK, SK any](s sign.Scheme) dsaImpl {
	return dsaImpl{
		name: "circl",
		newKey: func(seed []byte) dsaKey {
			_, sk := s.DeriveKey(seed)
			return circlKey[SK]{any(sk).(*SK)}
		},
		parse: func(pk []byte) (dsaPublicKey, error) {
			if len(pk) != s.PublicKeySize() {
				return nil, errors.New("circl: wrong public key size")
			}
			k, err := s.UnmarshalBinaryPublicKey(pk)
			if err != nil {
				return nil, err
			}
			return circlPublicKey[PK]{any(k).(*PK)}, nil
		},
	}
}

type circlKey[SK any] struct{ sk *SK }

func (k circlKey[SK]) private() sign.PrivateKey { return any(k.sk).(sign.PrivateKey) }

func (k circlKey[SK]) publicKey() []byte {
	return must(k.private().Public().(sign.PublicKey).MarshalBinary())
}

func (k circlKey[SK]) expanded() []byte { return must(k.private().MarshalBinary()) }

func (k circlKey[SK]) sign(msg, ctx []byte, deterministic bool) ([]byte, error) {
	sig := make([]byte, k.private().Scheme().SignatureSize())
	return sig, circlSignTo(k.sk, msg, ctx, !deterministic, sig)
}

func (k circlKey[SK]) signTo(sig, msg, ctx []byte) error {
	return circlSignTo(k.sk, msg, ctx, false, sig)
}

func (circlKey[SK]) signMu([]byte, bool) ([]byte, error) { return nil, errors.ErrUnsupported }

type circlPublicKey[PK any] struct{ pk *PK }

func (k circlPublicKey[PK]) verify(msg, ctx, sig []byte) bool {
	return circlVerify(k.pk, msg, ctx, sig)
}

// circlSignTo calls the SignTo function of sk's package.
func circlSignTo(sk any, msg, ctx []byte, randomized bool, sig []byte) error {
	switch sk := sk.(type) {
	case *mldsa44.PrivateKey:
		return mldsa44.SignTo(sk, msg, ctx, randomized, sig)
	case *mldsa65.PrivateKey:
		return mldsa65.SignTo(sk, msg, ctx, randomized, sig)
	case *mldsa87.PrivateKey:
		return mldsa87.SignTo(sk, msg, ctx, randomized, sig)
	}
	panic(fmt.Sprintf("compare: no CIRCL ML-DSA key: %T", sk))
}

// circlVerify calls the Verify function of pk's package.
func circlVerify(pk any, msg, ctx, sig []byte) bool {
	switch pk := pk.(type) {
	case *mldsa44.PublicKey:
		return mldsa44.Verify(pk, msg, ctx, sig)
	case *mldsa65.PublicKey:
		return mldsa65.Verify(pk, msg, ctx, sig)
	case *mldsa87.PublicKey:
		return mldsa87.Verify(pk, msg, ctx, sig)
	}
	panic(fmt.Sprintf("compare: no CIRCL ML-DSA key: %T", pk))
}

// newTestRand returns a source seeded afresh from crypto/rand on every run,
// or from $MODULETTO_COMPARE_SEED (64 hex digits) to reproduce a failure:
// a failing test logs the seed it ran with.
func newTestRand(t testing.TB) *testRand {
	t.Helper()
	var seed [32]byte
	if s := os.Getenv("MODULETTO_COMPARE_SEED"); s != "" {
		b, err := hex.DecodeString(s)
		if err != nil || len(b) != len(seed) {
			t.Fatalf("MODULETTO_COMPARE_SEED: want 64 hex digits, have %q", s)
		}
		copy(seed[:], b)
	} else {
		crand.Read(seed[:])
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce with MODULETTO_COMPARE_SEED=%x", seed)
		}
	})
	return newRand(seed)
}

// testRand is a ChaCha8 stream read both as bytes and as numbers.
type testRand struct {
	*rand.Rand
	stream *rand.ChaCha8
}

func newRand(seed [32]byte) *testRand {
	c := rand.NewChaCha8(seed)
	return &testRand{rand.New(c), c}
}

// randBytes returns n bytes from r.
func randBytes(r *testRand, n int) []byte {
	b := make([]byte, n)
	r.stream.Read(b)
	return b
}
