package dsa

import (
	"fmt"
	"slices"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = make(map[string]Scheme)
)

// Register makes a scheme available by its name. It is meant to be called
// from the init function of the package implementing the scheme. It panics if
// s is nil or a scheme of the same name is already registered, both of which
// are programming errors.
func Register(s Scheme) {
	if s == nil {
		panic("dsa: Register of a nil scheme")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	name := s.Name()
	if _, dup := registry[name]; dup {
		panic("dsa: Register called twice for scheme " + name)
	}
	registry[name] = s
}

// Lookup returns the scheme registered under name. It returns an error naming
// the registered schemes if there is none; the package implementing the
// scheme must be imported (possibly for its side effects only) to register
// it.
func Lookup(name string) (Scheme, error) {
	registryMu.RLock()
	s, ok := registry[name]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("dsa: unknown scheme %q (registered: %q); is its package imported?", name, Schemes())
	}
	return s, nil
}

// Schemes returns the names of the registered schemes, sorted.
func Schemes() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
