(** * poly.decompress: Decompress_d by multiply-and-shift (poly/compress.go)

    Go source: poly/compress.go poly/types.go

<<
// decompress returns Decompress_d(y) = ⌈(q/2^d)·y⌋ = ⌊(q·y + 2^(d−1)) / 2^d⌋.
//
// Bounds: requires 0 ≤ y < 2^d, 1 ≤ d ≤ 11; ensures 0 ≤ r < q.
func decompress(y uint32, d uint) uint32 {
	return (y*Q16 + 1<<(d-1)) >> d
}

const Q16 = 3329
>>

    Model: q = Q16 = 3329; [y*Q16] and the sum wrap to 32 bits; the shift
    count [d-1] is a uint (wraps to 64 bits); [>> d] is floor division.

    FIPS 203, equation 4.8: Decompress_d(y) = ⌈(q/2^d)·y⌋, ⌈·⌋ rounding
    to the nearest integer, ties up ([lib.Round.round], on rationals).
    [decompress_correct] proves the Go function equal to it for every d in
    1..11 and every y in [0, 2^d), by evaluating both on all 4094 points. *)

From Coq Require Import ZArith QArith Lia.
From Moduletto Require Import lib.GoInt lib.Range lib.Round.
Open Scope Z_scope.

Definition decompress (y d : Z) : Z :=
  asr (u32 (u32 (y * 3329) + u32 (Z.shiftl 1 (u64 (d - 1))))) d.

(** FIPS 203, equation 4.8, for q = 3329. *)
Definition decompress_fips (d y : Z) : Z :=
  round (inject_Z 3329 / inject_Z (2 ^ d) * inject_Z y).

Definition decompress_check (d y : Z) : bool :=
  Z.eqb (decompress y d) ((2 * 3329 * y + 2 ^ d) / (2 * 2 ^ d)) &&
  (0 <=? decompress y d) && (decompress y d <? 3329).

Lemma decompress_check_all :
  forall_range 1 12 (fun d => forall_range 0 (2 ^ d) (decompress_check d)) = true.
Proof. vm_compute. reflexivity. Qed.

(* main *)
Theorem decompress_correct d y :
  1 <= d <= 11 -> 0 <= y < 2 ^ d ->
  decompress y d = decompress_fips d y /\ 0 <= decompress y d < 3329.
Proof.
  intros Hd Hy.
  pose proof (forall_range_sound _ _ _ decompress_check_all d ltac:(lia)) as Hc.
  pose proof (forall_range_sound _ _ _ Hc y Hy) as Hk.
  unfold decompress_check in Hk.
  apply andb_prop in Hk as [Hk Hlt]. apply andb_prop in Hk as [Heq Hle].
  apply Z.eqb_eq in Heq. apply Z.leb_le in Hle. apply Z.ltb_lt in Hlt.
  unfold decompress_fips. rewrite round_frac by (apply Z.pow_pos_nonneg; lia).
  rewrite Heq. split; [f_equal; ring | lia].
Qed.
