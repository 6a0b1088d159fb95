package poly_test

import (
	"fmt"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// Q12289 names the modulus q = 12289 for typed ring elements.
type Q12289 struct{}

var q12289 = field.MustParams(12289)

func (Q12289) Params() *field.Params { return q12289 }

// A ring for a Ring-LWE experiment: q = 12289, n = 1024, complete NTT.
// X^1023 · X = X^1024 = −1 in Z_q[X]/(X^1024+1).
func ExampleRing() {
	r, err := poly.NewRing[Q12289](ntt.Spec{N: 1024, Layers: 10})
	if err != nil {
		panic(err)
	}
	a, b := r.NewPoly(), r.NewPoly()
	a[1023] = field.New[Q12289](1) // X^1023
	b[1] = field.New[Q12289](1)    // X

	ah, bh := r.NTT(a), r.NTT(b)
	prod := r.NewNTTPoly()
	r.Mul(prod, ah, bh)
	c := r.InverseNTT(prod)

	centred := make([]int32, r.N())
	r.Centered(centred, c)
	fmt.Println(c[0].Value(), centred[0], c[1].Value())
	// Output: 12288 -1 0
}

// DecodeNTT12 reports an encapsulation key coefficient ≥ q, the modulus
// check of FIPS 203, Section 7.2.
func ExampleDecodeNTT12() {
	enc := make([]byte, 384)
	var t poly.NTTPoly16
	fmt.Println(poly.DecodeNTT12(&t, enc))

	enc[0], enc[1] = 0x01, 0x0d // first coefficient 0xd01 = 3329 = q
	fmt.Println(poly.DecodeNTT12(&t, enc), t[0])
	// Output:
	// 1
	// 0 0
}

// CompressEncode and DecodeDecompress round a coefficient to d bits and back
// (FIPS 203, equations 4.7 and 4.8): with d = 1, values near q/2 become 1 and
// decompress to ⌈q/2⌋ = 1665.
func ExampleCompressEncode() {
	var p poly.Poly16
	p[0], p[1], p[2] = 1664, 832, 3000
	msg := make([]byte, 32)
	poly.CompressEncode(msg, &p, 1)
	fmt.Printf("%08b\n", msg[0])

	var back poly.Poly16
	poly.DecodeDecompress(&back, msg, 1)
	fmt.Println(back[0], back[1], back[2])
	// Output:
	// 00000001
	// 1665 0 0
}
