package kem

import "github.com/moduletto/moduletto/internal/registry"

var schemes = registry.New[Scheme]("kem")

// Register makes a scheme available by its name. It is meant to be called
// from the init function of the package implementing the scheme. It panics if
// s is nil or a scheme of the same name is already registered, both of which
// are programming errors.
func Register(s Scheme) { schemes.Register(s) }

// Lookup returns the scheme registered under name. It returns an error naming
// the registered schemes if there is none; the package implementing the
// scheme must be imported (possibly for its side effects only) to register
// it.
func Lookup(name string) (Scheme, error) { return schemes.Lookup(name) }

// Schemes returns the names of the registered schemes, sorted.
func Schemes() []string { return schemes.Names() }
