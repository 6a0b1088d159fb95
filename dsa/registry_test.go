package dsa

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeScheme is a registry test double; its key methods are never called.
type fakeScheme struct{ name string }

func (f fakeScheme) Name() string                   { return f.name }
func (fakeScheme) SeedSize() int                    { return 1 }
func (fakeScheme) PublicKeySize() int               { return 2 }
func (fakeScheme) SignatureSize() int               { return 3 }
func (fakeScheme) GenerateKey() (PrivateKey, error) { return nil, errors.New("fake") }
func (fakeScheme) NewPrivateKey([]byte) (PrivateKey, error) {
	return nil, errors.New("fake")
}
func (fakeScheme) NewPublicKey([]byte) (PublicKey, error) { return nil, errors.New("fake") }
func (fakeScheme) Sign(PrivateKey, []byte, string) ([]byte, error) {
	return nil, errors.New("fake")
}
func (fakeScheme) Verify(PublicKey, []byte, []byte, string) error { return errors.New("fake") }

func TestRegistry(t *testing.T) {
	Register(fakeScheme{"test-b"})
	Register(fakeScheme{"test-a"})

	s, err := Lookup("test-a")
	require.NoError(t, err)
	assert.Equal(t, "test-a", s.Name())

	names := Schemes()
	assert.Contains(t, names, "test-a")
	assert.Contains(t, names, "test-b")
	assert.IsNonDecreasing(t, names)

	_, err = Lookup("no-such-scheme")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"no-such-scheme"`)
	assert.Contains(t, err.Error(), "test-a", "the error lists the registered schemes")

	assert.PanicsWithValue(t, "dsa: Register called twice for scheme test-a", func() { Register(fakeScheme{"test-a"}) })
	assert.Panics(t, func() { Register(nil) })
}
