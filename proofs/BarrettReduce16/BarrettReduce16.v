(** * field.BarrettReduce16 (field/barrett.go)

    Go source: field/barrett.go

<<
// BarrettReduce16 returns r ≡ a (mod q) with |r| about q/2, for 16-bit lanes:
// t = ⌊(v·a + 2^25) / 2^26⌉ approximates a/q, and r = a − t·q.
// Pass v = [Params.Barrett16] (20159 for q = 3329).
//
// Bounds: requires 2^11 < q < 2^15 odd, v = ⌊2^26/q⌉, any int16 a; ensures |r| ≤ q/2 + q/2^12 (for q = 3329: |r| ≤ (q−1)/2).
func BarrettReduce16(a, q, v int16) int16 {
	t := (int32(v)*int32(a) + 1<<25) >> 26
	return a - int16(t)*q
}
>>

    Model: every int32 operation wraps to 32 bits, [>> 26] is floor
    division, [int16(t)*q] and [a - …] wrap to 16 bits (and do wrap: for
    q = 3329, a = 32767 gives t = 10 and t·q = 33290 > 2^15 − 1, which the
    final subtraction wraps back).  "v = ⌊2^26/q⌉" is stated as
    2·|q·v − 2^26| <= q (v is a nearest integer to 2^26/q), and
    "|r| <= q/2 + q/2^12" as 2^12·|r| <= 2^11·q + q.

    [barrett_reduce16_correct] is the parametric claim (every such q);
    [barrett_reduce16_q3329] the sharper bound for q = 3329, v = 20159,
    checked on all 65536 int16 inputs. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Range.
Open Scope Z_scope.

Definition barrett_reduce16 (a q v : Z) : Z :=
  let t := asr (i32 (i32 (v * a) + 2 ^ 25)) 26 in
  i16 (a - i16 (i16 t * q)).

(** The exact value: no operation wraps except [int16(t)*q], and that wrap
    is undone by the final one. *)
Lemma barrett_reduce16_exact a q v :
  2 ^ 11 < q < 2 ^ 15 ->
  2 * Z.abs (q * v - 2 ^ 26) <= q ->
  signed 16 a ->
  barrett_reduce16 a q v = a - ((v * a + 2 ^ 25) / 2 ^ 26) * q /\
  2 ^ 12 * Z.abs (a - ((v * a + 2 ^ 25) / 2 ^ 26) * q) <= 2 ^ 11 * q + q.
Proof.
  intros Hq Hv Ha. unfold signed in Ha. simpl in Ha.
  (* 0 < v < 2^15 *)
  assert (Hv0 : 0 < v < 2 ^ 15) by nia.
  set (e := q * v - 2 ^ 26).
  assert (He : - q <= 2 * e <= q) by lia.
  assert (Hea : - q * 2 ^ 15 <= 2 * (e * a) <= q * 2 ^ 15)
    by (destruct (Z_le_gt_dec 0 a); nia).
  set (t := (v * a + 2 ^ 25) / 2 ^ 26).
  pose proof (Z.div_mod (v * a + 2 ^ 25) (2 ^ 26) ltac:(lia)) as Hdm.
  pose proof (Z.mod_pos_bound (v * a + 2 ^ 25) (2 ^ 26) ltac:(lia)) as Hmb.
  fold t in Hdm.
  (* The rounding error: 2^26·q·(a − q·t) = −q·e·a ... stated linearly. *)
  assert (Hr : 2 ^ 12 * Z.abs (a - t * q) <= 2 ^ 11 * q + q).
  { assert (Hlow : 2 ^ 26 * (q * t) <= 2 ^ 26 * a + e * a + 2 ^ 25 * q) by (unfold e; nia).
    assert (Hhigh : 2 ^ 26 * a + e * a + 2 ^ 25 * q < 2 ^ 26 * (q * t) + 2 ^ 26 * q)
      by (unfold e; nia).
    lia. }
  split; [|exact Hr].
  unfold barrett_reduce16, i32, i16.
  rewrite (wrap_small 32 (v * a)) by (unfold signed; simpl; nia).
  rewrite (wrap_small 32 (v * a + 2 ^ 25)) by (unfold signed; simpl; nia).
  rewrite asr_div by lia. fold t.
  rewrite (wrap_small 16 t) by (unfold signed; simpl; nia).
  rewrite wrap_sub_r by lia.
  apply wrap_small; [lia|]. unfold signed. simpl. lia.
Qed.

(* main *)
Theorem barrett_reduce16_correct a q v :
  2 ^ 11 < q < 2 ^ 15 -> Z.odd q = true ->
  2 * Z.abs (q * v - 2 ^ 26) <= q ->
  signed 16 a ->
  let r := barrett_reduce16 a q v in
  r mod q = a mod q /\ 2 ^ 12 * Z.abs r <= 2 ^ 11 * q + q.
Proof.
  intros Hq _ Hv Ha r. unfold r.
  destruct (barrett_reduce16_exact a q v Hq Hv Ha) as [-> Hb].
  split; [|exact Hb].
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.

(** q = 3329, v = 20159: |r| <= (q − 1)/2 = 1664 on every int16, by
    evaluating the exact value on all 65536 inputs. *)
Definition check3329 (a : Z) : bool :=
  Z.abs (a - Z.shiftr (20159 * a + 2 ^ 25) 26 * 3329) <=? 1664.

Lemma check3329_all : forall_range (- 2 ^ 15) (2 ^ 15) check3329 = true.
Proof. vm_compute. reflexivity. Qed.

(* main *)
Theorem barrett_reduce16_q3329 a :
  signed 16 a ->
  let r := barrett_reduce16 a 3329 20159 in
  r mod 3329 = a mod 3329 /\ - 1664 <= r <= 1664.
Proof.
  intros Ha r.
  assert (Hq : 2 ^ 11 < 3329 < 2 ^ 15) by lia.
  assert (Hv : 2 * Z.abs (3329 * 20159 - 2 ^ 26) <= 3329) by (simpl; lia).
  destruct (barrett_reduce16_correct a 3329 20159 Hq eq_refl Hv Ha) as [Hc _].
  split; [exact Hc|].
  unfold r. destruct (barrett_reduce16_exact a 3329 20159 Hq Hv Ha) as [-> _].
  pose proof (forall_range_sound _ _ _ check3329_all a Ha) as Hk.
  unfold check3329 in Hk. rewrite Z.shiftr_div_pow2 in Hk by lia.
  apply Z.leb_le in Hk. lia.
Qed.
