package sntruptest_test

import (
	"crypto/aes"
	"crypto/cipher"
)

// ctrDRBG is NIST's AES-256 CTR_DRBG without a derivation function, as the
// NIST PQC known-answer procedure uses it (SP 800-90A, Section 10.2.1):
// state K (32 bytes) and V (16 bytes, a big-endian counter).
type ctrDRBG struct {
	key [32]byte
	v   [16]byte
}

func newCTRDRBG(entropy []byte) *ctrDRBG {
	d := new(ctrDRBG)
	d.update(entropy)
	return d
}

func (d *ctrDRBG) increment() {
	for i := 15; i >= 0; i-- {
		d.v[i]++
		if d.v[i] != 0 {
			return
		}
	}
}

func (d *ctrDRBG) block() (c cipher.Block) {
	c, err := aes.NewCipher(d.key[:])
	if err != nil {
		panic(err)
	}
	return c
}

// update is CTR_DRBG_Update with provided data (48 bytes) or none.
func (d *ctrDRBG) update(provided []byte) {
	c := d.block()
	var t [48]byte
	for i := 0; i < 48; i += 16 {
		d.increment()
		c.Encrypt(t[i:], d.v[:])
	}
	for i := range provided {
		t[i] ^= provided[i]
	}
	copy(d.key[:], t[:32])
	copy(d.v[:], t[32:])
}

// Read is one Generate call: it fills out and then updates the state once.
func (d *ctrDRBG) Read(out []byte) (int, error) {
	c := d.block()
	var blk [16]byte
	for i := 0; i < len(out); i += 16 {
		d.increment()
		c.Encrypt(blk[:], d.v[:])
		copy(out[i:], blk[:])
	}
	d.update(nil)
	return len(out), nil
}
