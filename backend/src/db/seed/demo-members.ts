/**
 * Demo members: `demo` / `demo123` (普通会员 with points, favourites, clients, visit records,
 * messages with replies, unlocks, orders and a score log) and `vip` / `vip123` (VIP会员 valid for a
 * year from seeding). Balances in the score log add up to each member's score.
 */
import { addDays, formatDate, formatDateTime } from '../../clock';
import type { PasswordHasher } from '../../modules/auth/passwords';
import { userNameKey } from '../../modules/auth/user-name-key';
import type { Db } from '../connection';
import { SCORE_TYPES } from './dictionaries';
import type { Random } from './random';
import { GOODS, SITE_CONFIGS } from './site-content';
import { BRANDS, CONTRACTOR_SUFFIXES } from './vocabulary';
import { mobilePhone, personName } from './content-generator';

export const DEMO_MEMBERS = {
  demo: { userName: 'demo', password: 'demo123' },
  vip: { userName: 'vip', password: 'vip123' },
} as const;

const configNumber = (key: string) => Number(SITE_CONFIGS.find((c) => c.key === key)?.value ?? 0);

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomSecret = (rng: Random) => Array.from({ length: 16 }, () => rng.pick([...BASE62])).join('');

const VISIT_CONTENTS = [
  '电话沟通项目进展，对方表示施工招标预计下月启动。',
  '上门拜访项目负责人，介绍公司类似工程业绩，对方同意招标前提供计划安排。',
  '微信发送公司资质及业绩材料，等待对方反馈。',
  '参加项目对接会，与建设单位工程部现场交流合作意向。',
  '陪同技术负责人踏勘项目现场，了解地质和周边道路情况。',
] as const;
const VISIT_RESULTS = ['对方有合作意向', '需进一步跟进', '已提交初步报价', '对方暂无需求'] as const;
const NEXT_STEPS = ['下周再次电话跟进', '准备投标资料', '安排技术交流', '关注招标公告发布'] as const;

interface Ledger {
  balance: number;
  add(change: number, type: string, remark: string, time: Date): void;
}

export function seedDemoMembers(db: Db, rng: Random, now: Date, hasher: PasswordHasher): void {
  const registerGift = configNumber('cms.score.registerGift');
  const unlockCost = configNumber('cms.score.unlockCost');
  const insertMember = db.prepare(
    `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, phonenumber, email, company, level,
       level_expire_time, score, subscribe_keywords, subscribe_regions, random_password, random_password_time,
       create_time, login_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLog = db.prepare(
    'INSERT INTO score_log (member_id, type, change, balance, remark, create_time) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const setScore = db.prepare('UPDATE member SET score = ? WHERE id = ?');
  const ledgerOf = (memberId: number): Ledger => ({
    balance: 0,
    add(change, type, remark, time) {
      this.balance += change;
      insertLog.run(memberId, type, change, this.balance, remark, formatDateTime(time));
    },
  });
  const insertOrder = db.prepare(
    `INSERT INTO cms_order (order_no, member_id, goods_id, goods_name, goods_type, price_fen, status, create_time, confirm_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const order = (memberId: number, goodsName: string, status: 'paid' | 'pending', time: Date) => {
    const goodsIndex = GOODS.findIndex((g) => g.name === goodsName);
    const goods = GOODS[goodsIndex]!;
    const orderNo = `SD${formatDateTime(time).replace(/\D/g, '')}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
    insertOrder.run(
      orderNo,
      memberId,
      goodsIndex + 1,
      goods.name,
      goods.type,
      goods.priceFen,
      status,
      formatDateTime(time),
      status === 'paid' ? formatDateTime(addDays(time, 0.02)) : null,
    );
    return goods;
  };

  // demo: a free member who bought points and spent some on unlocks
  const demoCreated = addDays(now, -200);
  const demoPhone = mobilePhone(rng);
  const demoId = Number(
    insertMember.run(
      DEMO_MEMBERS.demo.userName,
      userNameKey(DEMO_MEMBERS.demo.userName),
      hasher.hash(DEMO_MEMBERS.demo.password),
      '演示用户',
      demoPhone,
      'demo@example.com',
      `山东${rng.pick(BRANDS)}建设集团有限公司`,
      '0',
      null,
      '道路,学校,桥',
      '370100,370200',
      randomSecret(rng),
      formatDateTime(addDays(now, -1)),
      formatDateTime(demoCreated),
      formatDateTime(addDays(now, -1)),
    ).lastInsertRowid,
  );
  const demoLedger = ledgerOf(demoId);
  demoLedger.add(registerGift, SCORE_TYPES.register.value, '新用户注册赠送积分', demoCreated);
  const points = order(demoId, '500积分', 'paid', addDays(now, -150));
  demoLedger.add(points.score, SCORE_TYPES.purchase.value, `购买${points.name}`, addDays(now, -149.98));
  order(demoId, '月度会员', 'pending', addDays(now, -1));

  const recentXmk = db
    .prepare<[number], { id: number; title: string; owner: string; publishTime: string }>(
      'SELECT id, title, owner, publish_time AS publishTime FROM xmk ORDER BY id DESC LIMIT ?',
    )
    .all(60);
  const recentZb = db
    .prepare<[number], { id: number; title: string; tenderer: string }>(
      'SELECT id, title, tenderer FROM zb ORDER BY id DESC LIMIT ?',
    )
    .all(60);
  if (recentXmk.length === 0 || recentZb.length === 0) {
    setScore.run(demoLedger.balance, demoId);
  } else {
    const unlock = db.prepare('INSERT INTO contact_unlock (member_id, type, data_id, create_time) VALUES (?, ?, ?, ?)');
    const unlocked = [...new Set([rng.pick(recentXmk), rng.pick(recentXmk), rng.pick(recentXmk)])];
    unlocked.forEach((item, i) => {
      const time = addDays(now, -20 + i * 5);
      unlock.run(demoId, 'xmk', item.id, formatDateTime(time));
      demoLedger.add(-unlockCost, SCORE_TYPES.unlock.value, `查看联系方式：${item.title}`, time);
    });
    setScore.run(demoLedger.balance, demoId);

    const insertFavorite = db.prepare(
      'INSERT OR IGNORE INTO favorite (member_id, type, data_id, is_cancel, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const favoriteXmk = [...new Set(Array.from({ length: 7 }, () => rng.pick(recentXmk)))];
    const favoriteZb = [...new Set(Array.from({ length: 5 }, () => rng.pick(recentZb)))];
    favoriteXmk.forEach((item, i) => {
      const time = formatDateTime(addDays(now, -30 + i * 3));
      insertFavorite.run(demoId, 'xmk', item.id, i === 2 ? 1 : 0, time, time);
    });
    favoriteZb.forEach((item, i) => {
      const time = formatDateTime(addDays(now, -25 + i * 4));
      insertFavorite.run(demoId, 'zb', item.id, i === 1 ? 1 : 0, time, time);
    });

    // Clients: two from favourites' owners, one from a tender's tenderer, three typed in.
    const insertClient = db.prepare(
      `INSERT OR IGNORE INTO visit_client (member_id, company_name, contact, phone, status, next_visit_date, remark,
         source_type, source_id, source_title, create_time, update_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertRecord = db.prepare(
      `INSERT INTO visit_record (member_id, client_id, visit_time, way, content, result, next_step, create_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const fromItems = [
      { name: favoriteXmk[0]!.owner, type: 'xmk', id: favoriteXmk[0]!.id, title: favoriteXmk[0]!.title },
      { name: favoriteXmk[1]!.owner, type: 'xmk', id: favoriteXmk[1]!.id, title: favoriteXmk[1]!.title },
      { name: favoriteZb[0]!.tenderer, type: 'zb', id: favoriteZb[0]!.id, title: favoriteZb[0]!.title },
    ];
    const typedIn = Array.from({ length: 3 }, () => ({
      name: `山东${rng.pick(BRANDS)}${rng.pick(CONTRACTOR_SUFFIXES)}`,
      type: 'manual',
      id: null,
      title: null,
    }));
    [...fromItems, ...typedIn].forEach((client, i) => {
      const created = addDays(now, -40 + i * 5);
      const status = String(i % 4);
      const nextVisit = status === '0' || status === '1' ? formatDate(addDays(now, i - 2)) : null;
      const result = insertClient.run(
        demoId,
        client.name,
        personName(rng),
        mobilePhone(rng),
        status,
        nextVisit,
        i === 0 ? '重点客户，关注施工招标时间' : '',
        client.type,
        client.id,
        client.title,
        formatDateTime(created),
        formatDateTime(created),
      );
      if (result.changes === 0) return;
      const clientId = Number(result.lastInsertRowid);
      const visits = rng.int(1, 4);
      for (let v = 0; v < visits; v++) {
        // Visits happen at different hours of the working day, not all at the client's creation time.
        const visitTime = formatDateTime(addDays(created, 2 + v * 6 + rng.int(0, 32) / 96));
        insertRecord.run(
          demoId,
          clientId,
          visitTime,
          String(rng.int(0, 3)),
          rng.pick(VISIT_CONTENTS),
          rng.pick(VISIT_RESULTS),
          rng.pick(NEXT_STEPS),
          visitTime,
        );
      }
    });
  }

  const insertMessage = db.prepare(
    `INSERT INTO message (member_id, name, phone, email, content, source, create_time, reply, reply_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const messages: [memberId: number | null, source: string, content: string, reply: string | null][] = [
    [
      demoId,
      'xmzx',
      '想咨询济南市道路改扩建项目的前期咨询服务，请联系我。',
      '您好，已安排项目咨询顾问与您联系，请保持电话畅通。',
    ],
    [demoId, 'member', '积分充值后多久到账？', '您好，客服确认付款后积分立即到账，可在积分日志中查看。'],
    [demoId, 'support', '希望增加按投资额订阅招标信息的功能。', null],
    [null, 'zjzx', '我公司有一个厂房项目需要做造价咨询，请报价。', '您好，造价工程师将在一个工作日内与您联系。'],
    [null, 'gczx', '请问可以提供可行性研究报告编制服务吗？', null],
  ];
  messages.forEach(([memberId, source, content, reply], i) => {
    const created = addDays(now, -12 + i * 2);
    insertMessage.run(
      memberId,
      memberId === null ? personName(rng) : '演示用户',
      memberId === null ? mobilePhone(rng) : demoPhone,
      null,
      content,
      source,
      formatDateTime(created),
      reply,
      reply === null ? null : formatDateTime(addDays(created, 0.2)),
    );
  });

  // vip: a yearly VIP bought when the account was opened
  const vipCreated = addDays(now, -1);
  const vipId = Number(
    insertMember.run(
      DEMO_MEMBERS.vip.userName,
      userNameKey(DEMO_MEMBERS.vip.userName),
      hasher.hash(DEMO_MEMBERS.vip.password),
      'VIP演示用户',
      mobilePhone(rng),
      'vip@example.com',
      `${rng.pick(BRANDS)}工程咨询有限公司`,
      '2',
      formatDateTime(addDays(vipCreated, 365)),
      '',
      '',
      randomSecret(rng),
      formatDateTime(vipCreated),
      formatDateTime(vipCreated),
      null,
    ).lastInsertRowid,
  );
  const vipLedger = ledgerOf(vipId);
  vipLedger.add(registerGift, SCORE_TYPES.register.value, '新用户注册赠送积分', vipCreated);
  setScore.run(vipLedger.balance, vipId);
  order(vipId, 'VIP年度会员', 'paid', vipCreated);
}
