// Package kem is a scheme-agnostic interface to key-encapsulation mechanisms
// and a registry of them by name, for applications that choose the scheme at
// run time.
//
// Schemes register themselves when their package is imported, as
// database/sql drivers do:
//
//	import (
//		"github.com/moduletto/moduletto/kem"
//		_ "github.com/moduletto/moduletto/kem/mlkem" // registers "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"
//	)
//
//	s, err := kem.Lookup("ML-KEM-768")
//	dk, err := s.GenerateKey()
//	ek, err := s.NewEncapsulationKey(dk.Encapsulator().Bytes())
//	sharedKey, ciphertext := ek.Encapsulate()
//	sharedKey2, err := dk.Decapsulate(ciphertext)
//
// A [Pool] keeps decapsulation keys of any scheme generated ahead of time,
// in batches, by a background goroutine, for servers that need a fresh key
// per session (sntrup761 shares one inversion among the keys of a batch).
//
// Keys are the standard library's [crypto.Encapsulator] and
// [crypto.Decapsulator], so a key obtained here can be used wherever those
// interfaces are accepted (for example in crypto/hpke, subject to that
// package's own type checks).
package kem
