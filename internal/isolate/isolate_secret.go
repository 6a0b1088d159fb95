//go:build goexperiment.runtimesecret

package isolate

import "runtime/secret"

// eraseAfter runs f inside runtime/secret.Do (GOEXPERIMENT=runtimesecret).
func eraseAfter(f func()) { secret.Do(f) }
