(** * The constants of the int16 NTT engine, q = 3329 (ntt/scalar16.go)

    Go source: ntt/scalar16.go field/params/params.go

<<
const (
	q16       = 3329  // the ML-KEM modulus
	qInv16    = -3327 // q⁻¹ mod 2^16, as int16 (62209 unsigned)
	r2Mod16   = 1353  // R² mod q = 2^32 mod 3329, so MontgomeryReduce16(x·r2Mod16) = x·R
	fInv16    = 1441  // R²/128 mod q: MontgomeryReduce16(x·fInv16) = x·R/128 (FIPS 203's 3303 = 128⁻¹, times R)
	barrett16 = 20159 // round(2^26/q), the Barrett multiplier (field.BarrettReduce16)
)

// zetas16[k] = ζ^BitRev7(k)·R mod q for ζ = 17, R = 2^16, as the
// representative in [−(q−1)/2, (q−1)/2]. ...
var zetas16 = [128]int16{ ... }

// gammas16[i] = ζ^(2·BitRev7(i)+1)·R mod q, centred: the constant of the i-th
// degree-2 base case X² − γ_i (FIPS 203, Appendix A, second table, times R).
var gammas16 = [128]int16{ ... }

	MLKEMQ      = 3329
	MLKEMZeta   = 17
>>

    The numbers are read from the Go source by [proofs/gen-constants.sh]
    into [GoConstants.v] each time [check.sh] runs, so these theorems are
    about the tables the code holds.  The root of unity ζ = 17 is also
    [params.MLKEMZeta] in field/params/params.go. *)

From Coq Require Import ZArith Lia List.
From Moduletto Require Import lib.Range lib.Ntt zetas16.GoConstants.
Open Scope Z_scope.

(* main *)
Theorem zeta17_primitive_256 : primitive_root 17 256 3329.
Proof.
  apply primitive_root_check_sound; [lia | lia |]. vm_compute. reflexivity.
Qed.

(* main *)
Theorem zetas16_correct :
  Z.of_nat (length go_zetas16) = 128 /\
  forall k, 0 <= k < 128 ->
    nth (Z.to_nat k) go_zetas16 0 = centred 3329 (17 ^ bitrev 7 k * 2 ^ 16).
Proof.
  apply twiddle_check_sound;
    [lia | intros; pose proof (bitrev_nonneg 7 i); lia | vm_compute; reflexivity].
Qed.

(* main *)
Theorem gammas16_correct :
  Z.of_nat (length go_gammas16) = 128 /\
  forall i, 0 <= i < 128 ->
    nth (Z.to_nat i) go_gammas16 0 =
      centred 3329 (17 ^ (2 * bitrev 7 i + 1) * 2 ^ 16).
Proof.
  apply twiddle_check_sound;
    [lia | intros; pose proof (bitrev_nonneg 7 i); lia | vm_compute; reflexivity].
Qed.

(** The scalar constants: q, q⁻¹ mod 2^16, R² mod q, the factor of the
    last inverse layer (128⁻¹·R², so that a Montgomery multiplication by it
    multiplies by 128⁻¹·R), FIPS 203's 128⁻¹ = 3303, and the Barrett
    multiplier round(2^26/q). *)
(* main *)
Theorem constants16_correct :
  go_q16 = 3329 /\
  (go_q16 * go_qInv16) mod 2 ^ 16 = 1 /\
  go_r2Mod16 = 2 ^ 32 mod go_q16 /\
  (3303 * 128) mod go_q16 = 1 /\
  go_fInv16 = (3303 * 2 ^ 32) mod go_q16 /\
  (go_fInv16 * 128) mod go_q16 = 2 ^ 32 mod go_q16 /\
  2 * Z.abs (go_q16 * go_barrett16 - 2 ^ 26) <= go_q16.
Proof. vm_compute. repeat split; discriminate. Qed.
