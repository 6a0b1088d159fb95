//go:build !go1.27

package mldsa

import "crypto"

// isMLDSAMu reports whether h is crypto.MLDSAMu, which Go 1.26 does not
// have: with it, external μ is signed with [SignExternalMu] only.
func isMLDSAMu(crypto.Hash) bool { return false }
