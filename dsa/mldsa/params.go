package mldsa

import "github.com/moduletto/moduletto/field/params"

// Ring constants of FIPS 204, Section 4.
const (
	n = params.MLDSAN // 256 coefficients
	q = params.MLDSAQ // 8380417 = 2^23 − 2^13 + 1
	d = 13            // bits dropped from t by Power2Round

	// maxK and maxL bound the module dimensions of the parameter sets
	// (ML-DSA-87: k = 8, l = 7); all per-key and per-signature arrays are
	// sized for them, and the code is written for any k, l within them.
	maxK = 8
	maxL = 7
	// maxCTildeSize is the largest λ/4 (ML-DSA-87: 64 bytes).
	maxCTildeSize = 64
)

// Sizes in bytes of keys and signatures (FIPS 204, Table 2) and of the other
// byte strings of FIPS 204.
const (
	// PrivateKeySize is the size of a private key seed ξ, for every
	// parameter set.
	PrivateKeySize = 32

	MLDSA44PublicKeySize = 1312
	MLDSA65PublicKeySize = 1952
	MLDSA87PublicKeySize = 2592

	MLDSA44SignatureSize = 2420
	MLDSA65SignatureSize = 3309
	MLDSA87SignatureSize = 4627

	// MLDSA44ExpandedPrivateKeySize and the like are the sizes of the FIPS
	// 204 skEncode form of a private key.
	MLDSA44ExpandedPrivateKeySize = 2560
	MLDSA65ExpandedPrivateKeySize = 4032
	MLDSA87ExpandedPrivateKeySize = 4896

	// MuSize is the size of the message representative μ.
	MuSize = 64
	// MaxContextSize is the largest context string FIPS 204 allows.
	MaxContextSize = 255
)

// parameterSet holds the constants of one FIPS 204 parameter set (Table 1)
// and the sizes derived from them (Table 2).
type parameterSet struct {
	name string
	k, l int   // dimensions of A (k rows, l columns)
	η    int32 // bound of the secret coefficients
	τ    int   // number of ±1 coefficients of the challenge c
	β    int32 // τ·η
	γ1   int32 // coefficient range of the mask y
	γ2   int32 // low-order rounding range, (q−1)/88 or (q−1)/32
	ω    int   // maximum number of 1s in the hint h
	λ    int   // collision strength of c̃, in bits

	γ1Bits  int // bitlen(γ1−1)+1: bits per coefficient of z
	ηBits   int // bitlen(2η): bits per coefficient of s1, s2
	w1Bits  int // bitlen((q−1)/(2γ2)−1): bits per coefficient of w1
	m       int32
	decMul  uint64 // ⌈2^48 / (2γ2)⌉, the fixed-point reciprocal used by decompose
	cTilde  int    // λ/4: size of c̃
	pkSize  int
	skSize  int
	sigSize int
}

// newParameterSet derives the sizes of a parameter set from its FIPS 204
// Table 1 entries. It runs once per set at package initialisation, on
// public constants only, so the divisions here are not a timing concern.
func newParameterSet(name string, k, l int, η int32, τ int, γ1Bits int, γ2Div int32, ω, λ int) *parameterSet {
	p := &parameterSet{name: name, k: k, l: l, η: η, τ: τ, β: int32(τ) * η,
		γ1: 1 << (γ1Bits - 1), γ2: (q - 1) / γ2Div, ω: ω, λ: λ, γ1Bits: γ1Bits}
	p.m = (q - 1) / (2 * p.γ2)
	p.decMul = (1<<48 + uint64(2*p.γ2) - 1) / uint64(2*p.γ2)
	p.ηBits = bitLen(uint32(2 * η))
	p.w1Bits = bitLen(uint32(p.m - 1))
	p.cTilde = λ / 4
	p.pkSize = 32 + k*n*(23-d)/8
	p.skSize = 32 + 32 + 64 + (k+l)*n*p.ηBits/8 + k*n*d/8
	p.sigSize = p.cTilde + l*n*γ1Bits/8 + ω + k
	return p
}

// bitLen returns the number of bits of x (public values only).
func bitLen(x uint32) int {
	b := 0
	for ; x != 0; x >>= 1 {
		b++
	}
	return b
}

// The parameter sets of FIPS 204, Table 1: name, (k, ℓ), η, τ,
// bitlen(γ1−1)+1 (γ1 = 2^17 or 2^19), (q−1)/γ2, ω and λ.
var (
	params44 = newParameterSet("ML-DSA-44", 4, 4, 2, 39, 18, 88, 80, 128) // NIST security category 2
	params65 = newParameterSet("ML-DSA-65", 6, 5, 4, 49, 20, 32, 55, 192) // category 3
	params87 = newParameterSet("ML-DSA-87", 8, 7, 2, 60, 20, 32, 75, 256) // category 5
)

// Parameters is one of the fixed parameter sets of FIPS 204. Values
// returned by [MLDSA44], [MLDSA65] and [MLDSA87] compare equal, so they can
// be used in equality checks and switch statements; the zero value is not a
// valid parameter set.
type Parameters struct {
	p *parameterSet
}

// MLDSA44 returns the ML-DSA-44 parameter set of FIPS 204 (NIST security
// category 2).
func MLDSA44() Parameters { return Parameters{params44} }

// MLDSA65 returns the ML-DSA-65 parameter set of FIPS 204 (NIST security
// category 3).
func MLDSA65() Parameters { return Parameters{params65} }

// MLDSA87 returns the ML-DSA-87 parameter set of FIPS 204 (NIST security
// category 5).
func MLDSA87() Parameters { return Parameters{params87} }

// String returns the name of the parameter set, e.g. "ML-DSA-65".
func (p Parameters) String() string {
	if p.p == nil {
		return "invalid ML-DSA parameters"
	}
	return p.p.name
}

// PublicKeySize returns the size of an encoded public key, in bytes.
func (p Parameters) PublicKeySize() int { return p.size(func(s *parameterSet) int { return s.pkSize }) }

// SignatureSize returns the size of a signature, in bytes.
func (p Parameters) SignatureSize() int {
	return p.size(func(s *parameterSet) int { return s.sigSize })
}

// ExpandedPrivateKeySize returns the size of the FIPS 204 skEncode form of a
// private key, in bytes.
func (p Parameters) ExpandedPrivateKeySize() int {
	return p.size(func(s *parameterSet) int { return s.skSize })
}

func (p Parameters) size(f func(*parameterSet) int) int {
	if p.p == nil {
		return 0
	}
	return f(p.p)
}
