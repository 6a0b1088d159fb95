package ringlwe_test

import (
	"fmt"

	"github.com/moduletto/moduletto/examples/ringlwe"
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
)

// A key exchange with the NewHope-1024 shape (q = 12289, n = 1024, η = 8).
func Example() {
	sc := ringlwe.NewHope1024()
	sk := sc.GenerateKey()
	key, ct, err := sc.Encapsulate(&sk.Public)
	if err != nil {
		panic(err)
	}
	key2, err := sc.Decapsulate(sk, ct)
	fmt.Println(err, key == key2, len(ct.U), len(ct.V))
	// Output: <nil> true 1024 1024
}

// Q7681 is another modulus: a zero-size type with one *field.Params.
type Q7681 struct{}

var q7681 = field.MustParams(7681)

func (Q7681) Params() *field.Params { return q7681 }

// The same scheme over another ring: declare the modulus, give its spec.
// 7680 = 2^9·15, so n = 256 has a complete NTT (8 layers need 2^9 | q − 1);
// n = 512 would take Layers: 8, an incomplete NTT with a degree-2 base case.
func ExampleNew() {
	sc, err := ringlwe.New[Q7681](ntt.Spec{Q: 7681, N: 256, Layers: 8}, 4)
	if err != nil {
		panic(err)
	}
	sk := sc.GenerateKey()
	var m [ringlwe.MessageSize]byte
	copy(m[:], "a 32-byte message for q = 7681.")
	ct, _ := sc.Encrypt(&sk.Public, &m, &[ringlwe.MessageSize]byte{1})
	got, err := sc.Decrypt(sk, ct)
	fmt.Printf("%v %q\n", err, got[:31])
	// Output: <nil> "a 32-byte message for q = 7681."
}
