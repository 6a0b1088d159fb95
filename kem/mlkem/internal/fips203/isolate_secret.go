//go:build goexperiment.runtimesecret

package fips203

import "runtime/secret"

// eraseAfter runs f inside runtime/secret.Do (GOEXPERIMENT=runtimesecret).
func eraseAfter(f func()) { secret.Do(f) }
