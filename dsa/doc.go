// Package dsa is a scheme-agnostic interface to digital signature schemes and
// a registry of them by name, for applications that choose the scheme at run
// time. It mirrors package kem.
//
// Schemes register themselves when their package is imported, as
// database/sql drivers do:
//
//	import (
//		"github.com/moduletto/moduletto/dsa"
//		_ "github.com/moduletto/moduletto/dsa/mldsa" // registers "ML-DSA-65"
//	)
//
//	s, err := dsa.Lookup("ML-DSA-65")
//	sk, err := s.GenerateKey()
//	sig, err := s.Sign(sk, msg, "my context")
//	pk, err := s.NewPublicKey(sk.PublicKeyBytes())
//	err = s.Verify(pk, msg, sig, "my context")
//
// Private keys are [crypto.Signer]s, so a key obtained here can be used
// wherever that interface is accepted.
package dsa
