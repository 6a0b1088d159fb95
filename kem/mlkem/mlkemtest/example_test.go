package mlkemtest_test

import (
	"bytes"
	"fmt"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
)

// Derandomized encapsulation: the same key and the same 32 random bytes give
// the same ciphertext, as known-answer tests need.
func ExampleEncapsulate768() {
	dk, err := mlkem.NewDecapsulationKey768(make([]byte, mlkem.SeedSize))
	if err != nil {
		panic(err)
	}
	m := bytes.Repeat([]byte{0x42}, 32)
	k1, c1, _ := mlkemtest.Encapsulate768(dk.EncapsulationKey(), m)
	k2, c2, _ := mlkemtest.Encapsulate768(dk.EncapsulationKey(), m)
	k3, _ := dk.Decapsulate(c1)
	fmt.Println(bytes.Equal(c1, c2), bytes.Equal(k1, k2), bytes.Equal(k1, k3))
	// Output: true true true
}
