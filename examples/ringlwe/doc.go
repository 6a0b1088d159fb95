// Package ringlwe is a small Ring-LWE public-key encryption scheme and KEM
// in the shape of NewHope-CPA-PKE and NewHope-CPA-KEM (q = 12289, n = 1024,
// η = 8), written only with the moduletto toolkit: a modulus type for
// package field, an ntt.Spec, poly.Ring and the generic samplers of package
// sample. Change the modulus type and the spec, and the same code runs over
// another ring (see [New] and the README).
//
// It is a demonstration of the toolkit, NOT a standardised or audited
// scheme: it is not NewHope (no ciphertext compression, its own sampling and
// message encoding, so no NewHope test vectors apply), it has no wire
// encoding, and its KEM is only CPA-secure (no Fujisaki–Okamoto transform):
// never reuse a key pair with untrusted ciphertexts. For real use take
// ML-KEM (package kem/mlkem).
package ringlwe
