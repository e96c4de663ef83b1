/** 购买说明: how an order becomes a tier or points (DOMAIN.md: staff confirm the payment). */
export function PurchaseNotes() {
  return (
    <section className="goods-group" aria-labelledby="goods-notes-title">
      <h2 id="goods-notes-title" className="section-title">
        购买说明
      </h2>
      <p>本站不在线收款，订单由客服人工确认。</p>
      <ol className="goods-notes">
        <li>登录后选择套餐，点击“立即开通”提交订单，订单状态为“待付款”。</li>
        <li>联系客服完成付款，并告知订单号。</li>
        <li>客服确认到账后开通：会员套餐即时生效，积分即时到账，可在会员中心查看到期时间和积分。</li>
        <li>会员有效期内可查看全部项目和招标的联系方式；积分用于单条信息的“积分查看”。</li>
      </ol>
    </section>
  );
}
