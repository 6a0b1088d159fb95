package keyformat

import (
	"encoding/pem"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rfcExamples names the files of testdata/rfc, their parameter set and the
// form of their private key.
var rfcExamples = []struct {
	file string
	s    *scheme
	form Form
}{
	{"ML-DSA-44-seed.pem", mldsa44, FormSeed},
	{"ML-DSA-44-expanded.pem", mldsa44, FormExpanded},
	{"ML-DSA-65-seed.pem", mldsa65, FormSeed},
	{"ML-DSA-87-seed.pem", mldsa87, FormSeed},
	{"ML-KEM-512-seed.pem", mlkem512, FormSeed},
	{"ML-KEM-768-seed.pem", mlkem768, FormSeed},
	{"ML-KEM-1024-seed.pem", mlkem1024, FormSeed},
}

// TestRFCExamples parses the example private keys of RFC 9881 and RFC 9935
// (testdata/rfc/README.md): each must be the key the RFC states, derived
// from the seed 000102… of the set's seed size, and keyformat must write it
// again, in the same form, byte for byte.
func TestRFCExamples(t *testing.T) {
	for _, c := range rfcExamples {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/rfc/" + c.file)
			require.NoError(t, err)
			key, rest, err := ParsePEM(data)
			require.NoError(t, err)
			assert.Empty(t, rest)

			want := newKey(t, c.s, 0) // seed 00 01 02 …
			assert.IsType(t, want, key)
			assert.Equal(t, expandedOf(want), expandedOf(key))
			assert.Equal(t, c.s.publicOf(want), c.s.publicOf(key))
			if c.form == FormExpanded {
				assert.Nil(t, seedOf(key))
			} else {
				assert.Equal(t, seq(0, c.s.seedSize), seedOf(key))
			}

			block, _ := pem.Decode(data)
			der, err := MarshalPKCS8PrivateKeyForm(key, c.form)
			require.NoError(t, err)
			assert.Equal(t, block.Bytes, der)
			der, err = MarshalPKCS8PrivateKeyForm(want, c.form)
			require.NoError(t, err)
			assert.Equal(t, block.Bytes, der)
		})
	}
}
