// Package registry is the name → scheme table behind kem.Register/Lookup and
// dsa.Register/Lookup. Schemes register themselves from their package's init
// function, like database/sql drivers.
package registry

import (
	"fmt"
	"slices"
	"sync"
)

// Named is anything with a registry name ("ML-KEM-768", "ML-DSA-65").
type Named interface{ Name() string }

// Registry maps names to schemes of type T. The zero value is not usable;
// use New.
type Registry[T Named] struct {
	kind string // package name used in messages: "kem", "dsa"
	mu   sync.RWMutex
	m    map[string]T
}

// New returns an empty registry whose messages are prefixed with kind.
func New[T Named](kind string) *Registry[T] {
	return &Registry[T]{kind: kind, m: make(map[string]T)}
}

// Register adds s under s.Name(). It panics if s is nil or a scheme of that
// name is already registered: programming errors in an init function.
func (r *Registry[T]) Register(s T) {
	if any(s) == nil {
		panic(r.kind + ": Register of a nil scheme")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	name := s.Name()
	if _, dup := r.m[name]; dup {
		panic(r.kind + ": Register called twice for scheme " + name)
	}
	r.m[name] = s
}

// Lookup returns the scheme registered under name, or an error naming the
// registered schemes.
func (r *Registry[T]) Lookup(name string) (T, error) {
	r.mu.RLock()
	s, ok := r.m[name]
	r.mu.RUnlock()
	if !ok {
		var zero T
		return zero, fmt.Errorf("%s: unknown scheme %q (registered: %q); is its package imported?", r.kind, name, r.Names())
	}
	return s, nil
}

// Names returns the registered names, sorted.
func (r *Registry[T]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.m))
	for name := range r.m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
