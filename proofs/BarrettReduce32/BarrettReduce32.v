(** * field.BarrettReduce32 (field/barrett.go)

    Go source: field/barrett.go

<<
// BarrettReduce32 returns r ≡ a (mod q) with |r| ≤ (q+1)/2, for 32-bit lanes:
// t = ⌊(v·a + 2^(s−1)) / 2^s⌋ rounds a/q, and r = a − t·q.
// Pass v, s = [Params.Barrett32] (s = 31 + ⌊log2 q⌋, v = ⌊2^s/q⌉).
//
// Bounds: requires 3 ≤ q < 2^31 odd, s = 31 + ⌊log2 q⌋, v = ⌊2^s/q⌉, any int32 a; ensures |r| ≤ (q+1)/2.
func BarrettReduce32(a, q int32, v int64, s uint) int32 {
	s &= 63
	t := (v*int64(a) + int64(1)<<(s-1)) >> s
	return a - int32(t)*q
}
>>

    Model: [s &= 63] is [Z.land s 63]; [int64(1)<<(s-1)] shifts by the
    uint [s-1] (wrapped to 64 bits) and wraps to int64; every int64 and
    int32 operation wraps; [>> s] is floor division.  "v = ⌊2^s/q⌉" is
    2·|q·v − 2^s| <= q; "|r| <= (q+1)/2" is 2·|r| <= q + 1.  The proof is
    parametric: it holds for every odd q in [3, 2^31). *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt.
Open Scope Z_scope.

Definition barrett_reduce32 (a q v s : Z) : Z :=
  let s' := Z.land s 63 in
  let t := asr (i64 (i64 (v * a) + i64 (Z.shiftl 1 (u64 (s' - 1))))) s' in
  i32 (a - i32 (i32 t * q)).

(* main *)
Theorem barrett_reduce32_correct a q v s :
  3 <= q < 2 ^ 31 -> Z.odd q = true ->
  s = 31 + Z.log2 q ->
  2 * Z.abs (q * v - 2 ^ s) <= q ->
  signed 32 a ->
  let r := barrett_reduce32 a q v s in
  r mod q = a mod q /\ 2 * Z.abs r <= q + 1.
Proof.
  intros Hq _ Hs Hv Ha r. unfold signed in Ha. simpl in Ha.
  pose proof (Z.log2_spec q ltac:(lia)) as [Hl1 Hl2].
  assert (Hlog : 1 <= Z.log2 q <= 30).
  { split.
    - apply Z.log2_le_pow2; [lia|]. simpl. lia.
    - assert (Z.log2 q < 31) by (apply Z.log2_lt_pow2; lia). lia. }
  assert (Hs63 : Z.land s 63 = s).
  { replace 63 with (Z.ones 6) by reflexivity.
    rewrite Z.land_ones by lia. apply Z.mod_small. lia. }
  (* P = 2^s with 2^30·q < P <= 2^31·q, and H = 2^(s−1) = P/2. *)
  set (H := 2 ^ (s - 1)).
  assert (HP : 2 ^ s = 2 * H) by (apply pow_pred; lia).
  assert (HPq : 2 ^ s <= 2 ^ 31 * q /\ 2 ^ 30 * q < 2 ^ s).
  { rewrite Hs, Z.pow_add_r by lia.
    rewrite Z.pow_succ_r in Hl2 by (apply Z.log2_nonneg).
    lia. }
  rewrite HP in Hv, HPq.
  assert (HH : 2 ^ 30 <= H <= 2 ^ 60).
  { unfold H. split; apply Z.pow_le_mono_r; lia. }
  assert (Hv0 : 0 < v <= 2 ^ 31) by nia.
  set (e := q * v - 2 * H).
  assert (He : - q <= 2 * e <= q) by lia.
  assert (Hea : - q * 2 ^ 31 <= 2 * (e * a) <= q * 2 ^ 31)
    by (destruct (Z_le_gt_dec 0 a); nia).
  set (t := (v * a + H) / (2 * H)).
  pose proof (Z.div_mod (v * a + H) (2 * H) ltac:(lia)) as Hdm.
  pose proof (Z.mod_pos_bound (v * a + H) (2 * H) ltac:(lia)) as Hmb.
  fold t in Hdm.
  (* The rounding error. *)
  assert (Hr : 2 * Z.abs (a - t * q) <= q + 1).
  { assert (Hlow : 2 * H * (q * t) <= 2 * H * a + e * a + H * q) by (unfold e; nia).
    assert (Hhigh : 2 * H * a + e * a + H * q < 2 * H * (q * t) + 2 * H * q)
      by (unfold e; nia).
    assert (Hlow' : H * (2 * (q * t - a) - q) <= e * a) by lia.
    assert (Hhigh' : H * (2 * (a - q * t) - q) < - (e * a)) by lia.
    (* |e·a| < 2H, so 2(q·t − a) − q < 2 and 2(a − q·t) − q < 2. *)
    assert (2 * (q * t - a) - q < 2) by nia.
    assert (2 * (a - q * t) - q < 2) by nia.
    lia. }
  assert (Ht : signed 32 t) by (unfold signed; simpl; nia).
  unfold r, barrett_reduce32, u64. rewrite Hs63.
  rewrite (uwrap_small 64 (s - 1)) by (unfold unsigned; simpl; lia).
  rewrite Z.shiftl_1_l. fold H.
  unfold i64, i32.
  rewrite (wrap_small 64 H) by (unfold signed; simpl; lia).
  rewrite (wrap_small 64 (v * a)) by (unfold signed; simpl; nia).
  rewrite (wrap_small 64 (v * a + H)) by (unfold signed; simpl; nia).
  rewrite asr_div, HP by lia. fold t.
  rewrite (wrap_small 32 t) by (lia || exact Ht).
  rewrite wrap_sub_r by lia.
  rewrite (wrap_small 32 (a - t * q)) by (unfold signed; simpl; lia).
  split; [|exact Hr].
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.
