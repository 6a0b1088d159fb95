package ntt

import "github.com/moduletto/moduletto/internal/cpu"

// The names below remain only until their callers move to internal/cpu and
// ntttest.ForEachBackend; each is a view of the module's one kernel switch.

// Backends16 returns the names of the kernels available on this machine
// (cpu.Available), the default first.
func Backends16() []string {
	var names []string
	for _, k := range cpu.Available() {
		names = append(names, k.String())
	}
	return names
}

// Backends32 is [Backends16].
func Backends32() []string { return Backends16() }

// Backend16Name returns the name of the current kernels.
func Backend16Name() string { return cpu.Current().String() }

// Backend32Name is [Backend16Name].
func Backend32Name() string { return Backend16Name() }

// SetBackend16 makes the named kernels the module's (cpu.Set) and returns a
// function that restores the previous ones. Not safe while other goroutines
// use the module.
func SetBackend16(name string) (restore func(), err error) {
	k, err := cpu.Parse(name)
	if err != nil {
		return nil, err
	}
	return cpu.Set(k)
}

// SetBackend32 is [SetBackend16].
func SetBackend32(name string) (restore func(), err error) { return SetBackend16(name) }
