package fips203

// maxK is the largest module rank, that of ML-KEM-1024.
const maxK = 4

// Sizes shared by every parameter set (FIPS 203, Section 8).
const (
	// SeedSize is the size of the key-generation seed d‖z.
	SeedSize = 64
	// SharedKeySize is the size of the shared key K.
	SharedKeySize = 32
	// MessageSize is the size of the encapsulation randomness m.
	MessageSize = 32

	encodedPolySize = 384 // ByteEncode_12 of one polynomial: 256·12/8
)

// Params is an ML-KEM parameter set (FIPS 203, Table 2).
type Params struct {
	id         uint8 // index in paramSets
	name       string
	k          int
	η1, η2     int
	du, dv     int
	ekSize     int // 384k + 32
	ctSize     int // 32(du·k + dv)
	dkExpSize  int // 768k + 96
	c1Size     int // 32·du·k
	polyC1Size int // 32·du
}

func newParams(id uint8, name string, k, η1, η2, du, dv int) Params {
	return Params{
		id: id, name: name, k: k, η1: η1, η2: η2, du: du, dv: dv,
		ekSize:     encodedPolySize*k + 32,
		ctSize:     32 * (du*k + dv),
		dkExpSize:  768*k + 96,
		c1Size:     32 * du * k,
		polyC1Size: 32 * du,
	}
}

// paramSets holds the three parameter sets of FIPS 203, Table 2. Keys refer
// to theirs by index, not by pointer, so that a key holds no pointer and its
// allocation need not be scanned by the garbage collector.
var paramSets = [...]Params{
	newParams(0, "ML-KEM-512", 2, 3, 2, 10, 4),
	newParams(1, "ML-KEM-768", 3, 2, 2, 10, 4),
	newParams(2, "ML-KEM-1024", 4, 2, 2, 11, 5),
}

// The three parameter sets of FIPS 203, Table 2.
var (
	MLKEM512  = &paramSets[0]
	MLKEM768  = &paramSets[1]
	MLKEM1024 = &paramSets[2]
)

// Name returns the name of the parameter set, e.g. "ML-KEM-768".
func (p *Params) Name() string { return p.name }

// K returns the module rank k.
func (p *Params) K() int { return p.k }

// EncapsulationKeySize returns the size of an encoded encapsulation key, 384k+32.
func (p *Params) EncapsulationKeySize() int { return p.ekSize }

// CiphertextSize returns the size of a ciphertext, 32(du·k+dv).
func (p *Params) CiphertextSize() int { return p.ctSize }

// ExpandedDecapsulationKeySize returns the size of the FIPS 203 encoding of a
// decapsulation key, 768k+96.
func (p *Params) ExpandedDecapsulationKeySize() int { return p.dkExpSize }
