package mlkem_test

import (
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
)

// dkAPI is what the tests use of a decapsulation key of any size.
type dkAPI interface {
	Bytes() []byte
	ExpandedBytes() []byte
	Decapsulate(ciphertext []byte) ([]byte, error)
	DecapsulateTo(sharedKey, ciphertext []byte) error
}

// paramSet gives the tests one view of the three sizes of the public API.
type paramSet struct {
	name                      string
	ekSize, ctSize, dkExpSize int
	// newDK derives a key from a seed and returns it with its ek encoding.
	newDK func(seed []byte) (dkAPI, []byte, error)
	// fromExpanded imports an expanded key and returns it with its ek encoding.
	fromExpanded func(b []byte) (dkAPI, []byte, error)
	// parseEK parses an encapsulation key and returns its Bytes.
	parseEK func(b []byte) ([]byte, error)
	// encapsulate is the derandomized Encaps_internal of mlkemtest.
	encapsulate func(ek, m []byte) (sharedKey, ciphertext []byte, err error)
}

func withEK[DK interface {
	dkAPI
	comparable
}, EK interface{ Bytes() []byte }](f func([]byte) (DK, error), ek func(DK) EK) func([]byte) (dkAPI, []byte, error) {
	return func(b []byte) (dkAPI, []byte, error) {
		dk, err := f(b)
		if err != nil {
			return nil, nil, err
		}
		return dk, ek(dk).Bytes(), nil
	}
}

func parser[EK interface{ Bytes() []byte }](f func([]byte) (EK, error)) func([]byte) ([]byte, error) {
	return func(b []byte) ([]byte, error) {
		ek, err := f(b)
		if err != nil {
			return nil, err
		}
		return ek.Bytes(), nil
	}
}

// encapsulator parses ek, then runs the derandomized encapsulation of
// mlkemtest.
func encapsulator[EK any](parse func([]byte) (EK, error), encaps func(EK, []byte) ([]byte, []byte, error)) func(ek, m []byte) ([]byte, []byte, error) {
	return func(ek, m []byte) ([]byte, []byte, error) {
		key, err := parse(ek)
		if err != nil {
			return nil, nil, err
		}
		return encaps(key, m)
	}
}

var paramSets = []paramSet{
	{
		name: "ML-KEM-512", ekSize: mlkem.EncapsulationKeySize512, ctSize: mlkem.CiphertextSize512,
		dkExpSize:    mlkem.ExpandedDecapsulationKeySize512,
		newDK:        withEK(mlkem.NewDecapsulationKey512, (*mlkem.DecapsulationKey512).EncapsulationKey),
		fromExpanded: withEK(mlkem.NewDecapsulationKeyFromExpanded512, (*mlkem.DecapsulationKey512).EncapsulationKey),
		parseEK:      parser(mlkem.NewEncapsulationKey512),
		encapsulate:  encapsulator(mlkem.NewEncapsulationKey512, mlkemtest.Encapsulate512),
	},
	{
		name: "ML-KEM-768", ekSize: mlkem.EncapsulationKeySize768, ctSize: mlkem.CiphertextSize768,
		dkExpSize:    mlkem.ExpandedDecapsulationKeySize768,
		newDK:        withEK(mlkem.NewDecapsulationKey768, (*mlkem.DecapsulationKey768).EncapsulationKey),
		fromExpanded: withEK(mlkem.NewDecapsulationKeyFromExpanded768, (*mlkem.DecapsulationKey768).EncapsulationKey),
		parseEK:      parser(mlkem.NewEncapsulationKey768),
		encapsulate:  encapsulator(mlkem.NewEncapsulationKey768, mlkemtest.Encapsulate768),
	},
	{
		name: "ML-KEM-1024", ekSize: mlkem.EncapsulationKeySize1024, ctSize: mlkem.CiphertextSize1024,
		dkExpSize:    mlkem.ExpandedDecapsulationKeySize1024,
		newDK:        withEK(mlkem.NewDecapsulationKey1024, (*mlkem.DecapsulationKey1024).EncapsulationKey),
		fromExpanded: withEK(mlkem.NewDecapsulationKeyFromExpanded1024, (*mlkem.DecapsulationKey1024).EncapsulationKey),
		parseEK:      parser(mlkem.NewEncapsulationKey1024),
		encapsulate:  encapsulator(mlkem.NewEncapsulationKey1024, mlkemtest.Encapsulate1024),
	},
}

// setByName returns the parameter set named as in the vector files.
func setByName(t *testing.T, name string) paramSet {
	t.Helper()
	for _, s := range paramSets {
		if s.name == name {
			return s
		}
	}
	require.FailNow(t, "unknown parameter set", name)
	return paramSet{}
}

// openTestdata opens testdata/name, decompressing it if it ends in .gz.
func openTestdata(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		require.NoError(t, err)
		r = zr
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

// loadJSON decodes testdata/name into v.
func loadJSON(t *testing.T, name string, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(openTestdata(t, name), v))
}

// hexBytes is a hex string in a vector file.
type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

// mustHex decodes a hex string from a vector file.
func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}
