package main

import (
	"bytes"
	"fmt"
	"strings"
)

// Example encrypts a short message to a fresh ML-KEM-768 key in the file
// format and decrypts it: the file is the 1132-byte header (12 fixed bytes,
// the 1088-byte KEM ciphertext, the 32-byte salt) and one last chunk of the
// 5 message bytes and a 16-byte tag.
func Example() {
	set, _ := kemSetByBits("768")
	dk, _ := set.generateKey()

	var file bytes.Buffer
	encrypt(&file, strings.NewReader("hello"), set, dk.Encapsulator(), defaultChunkShift, nil)
	fmt.Println("file size:", file.Len())

	var plain bytes.Buffer
	if _, err := decrypt(&plain, &file, set, dk, nil); err != nil {
		fmt.Println(err)
	}
	fmt.Println("decrypted:", plain.String())
	// Output:
	// file size: 1153
	// decrypted: hello
}
